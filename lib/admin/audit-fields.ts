import "server-only";
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  blogs,
  companies,
  franchisees,
  kycDocumentTypes,
  modules,
  outlets,
  positions,
  roles,
  services,
  states,
  users,
  valueLists,
  values,
} from "@/db/schema";

// How the history card reads a record's fields: their labels and order as the entity's form shows them, and what
// kind of value each holds (a flag reads as its switch, an id as the name it points at, a stored file as its name).
// One list per audited entity; a field not listed here follows the listed ones, labelled from its name.

/** Records an id field may point at; their names are read in one query per kind (see lib/admin/audit.ts). */
export const REFERENCES = {
  positions: { id: positions.id, name: positions.name },
  franchisees: { id: franchisees.id, name: franchisees.name },
  roles: { id: roles.id, name: roles.name },
  companies: { id: companies.id, name: companies.name },
  modules: { id: modules.id, name: modules.name },
  states: { id: states.id, name: states.description },
  value_lists: { id: valueLists.id, name: valueLists.description },
  values: { id: values.id, name: values.name },
  outlets: { id: outlets.id, name: outlets.name },
  services: { id: services.id, name: services.name },
  blogs: { id: blogs.id, name: blogs.title },
  kyc_document_types: { id: kycDocumentTypes.id, name: kycDocumentTypes.description },
  users: {
    id: users.id,
    name: sql<string>`coalesce(nullif(trim(${users.user_name}), ''), nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), ''), ${users.email})`,
  },
} satisfies Record<string, { id: AnyPgColumn; name: AnyPgColumn | SQL<string> }>;
export type Reference = keyof typeof REFERENCES;

export type HistoryKind =
  /** Shown as stored (rich text as plain text, ISO dates as the screens show them). */
  | "text"
  /** A 0/1 switch: Yes / No. */
  | "flag"
  /** KYC status (spec 000 §4): Pending / Approved / Rejected. */
  | "kyc"
  /** A stored file's path column: the file's name, never its storage key. */
  | "file"
  /** A permission list, already read as 'added: …' / 'removed: …' by listAuditRecords. */
  | "permissions"
  | { ref: Reference };

export type HistoryField = { field: string; label: string; kind?: HistoryKind };
export type HistoryFields = {
  fields: readonly HistoryField[];
  /** Columns derived from others (a user's full name): never shown, their source fields are. */
  derived?: readonly string[];
};

const text = (field: string, label: string): HistoryField => ({ field, label });
const flag = (field: string, label: string): HistoryField => ({ field, label, kind: "flag" });
const file = (field: string, label: string): HistoryField => ({ field, label, kind: "file" });
const ref = (field: string, label: string, to: Reference): HistoryField => ({
  field,
  label,
  kind: { ref: to },
});
const IS_ACTIVE = flag("is_active", "Is Active");

/** By the audit records' entity name; the labels are the forms' (app/(portal)/<route>/_components/*-form.tsx). */
const HISTORY_FIELDS: Record<string, HistoryFields> = {
  users: {
    fields: [
      text("first_name", "First Name"),
      text("middle_name", "Middle Name"),
      text("last_name", "Last Name"),
      text("email", "Email"),
      text("phone", "Phone"),
      text("employee_code", "Employee Code"),
      ref("position_id", "Position", "positions"),
      ref("franchisee_id", "Franchisee", "franchisees"),
      IS_ACTIVE,
      // Not on the form: set by the bulk upload, the KYC review, the profile or the system.
      ref("upline_user_id", "Upline User", "users"),
      { field: "is_kyc_verified", label: "KYC Status", kind: "kyc" },
      file("image_path", "Image"),
      text("referral_code", "Referral Code"),
      ref("role_id", "Role", "roles"),
      ref("company_id", "Company", "companies"),
    ],
    derived: ["user_name"],
  },
  companies: {
    fields: [
      text("name", "Name"),
      text("tag_line", "Tag Line"),
      text("email", "Email"),
      text("phone", "Phone"),
      text("admin_name", "Admin Name"),
      text("whatsapp_no", "WhatsApp No"),
      text("address", "Address"),
      text("city", "City"),
      text("state", "State"),
      text("pincode", "Pincode"),
      text("code", "Code"),
      file("logo_path", "Logo"),
      file("explorer_poster_path", "Explorer Poster"),
      flag("is_location_tracking_enabled", "Location tracking"),
      flag("is_SUSP_enabled", "SUSP enabled"),
      flag("is_SUSL_enabled", "SUSL enabled"),
      IS_ACTIVE,
      text("franchisee_summary_colorcode", "Franchisee Summary Colour"),
      text("franchisee_summary_colorcode_2", "Franchisee Summary Colour 2"),
      text("franchisee_summary_colorcode_3", "Franchisee Summary Colour 3"),
      text("staff_summary_colorcode", "Staff Summary Colour"),
      text("staff_summary_colorcode_2", "Staff Summary Colour 2"),
      text("staff_summary_colorcode_3", "Staff Summary Colour 3"),
      text("about_us", "About Us"),
      text("terms", "Terms"),
      text("faqs", "FAQs"),
      text("privacy", "Privacy"),
      text("return_policy", "Return Policy"),
      text("refund_policy", "Refund Policy"),
      text("cancellation_policy", "Cancellation Policy"),
      text("disclaimer", "Disclaimer"),
    ],
  },
  positions: {
    fields: [
      text("name", "Name"),
      IS_ACTIVE,
      { field: "position_permissions", label: "Permissions", kind: "permissions" },
      ref("company_id", "Company", "companies"),
    ],
  },
  roles: {
    fields: [
      text("name", "Name"),
      IS_ACTIVE,
      { field: "role_permissions", label: "Permissions", kind: "permissions" },
    ],
  },
  modules: { fields: [text("name", "Name"), IS_ACTIVE] },
  services: {
    fields: [
      text("name", "Name"),
      text("brand", "Brand"),
      ref("service_type_id", "Service Type", "value_lists"),
      text("max_distance_km", "Maximum Distance (km)"),
      text("start_time", "Start Time"),
      text("end_time", "End Time"),
      text("min_pet_age", "Minimum Pet Age (years)"),
      text("max_pet_age", "Maximum Pet Age (years)"),
      IS_ACTIVE,
    ],
  },
  banners: { fields: [text("title", "Name"), file("image_path", "Image"), IS_ACTIVE] },
  state_holidays: {
    fields: [
      ref("state", "State", "states"),
      text("holiday_date", "Holiday Date"),
      text("description", "Description"),
      flag("is_recurring", "Recurring"),
      IS_ACTIVE,
    ],
  },
  state_gsts: {
    fields: [
      ref("state", "State", "states"),
      text("gst", "GST (%)"),
      text("gst_date", "GST Date"),
      text("description", "Description"),
      flag("is_recurring", "Recurring"),
      IS_ACTIVE,
    ],
  },
  plans: {
    fields: [
      text("no_of_dogs", "No.Of Dogs"),
      text("no_of_walks", "No.Of Walks"),
      ref("tier_id", "Tier", "value_lists"),
      text("original_amount", "Original Amount"),
      text("price_percent", "Price Percent"),
      text("discount_percent", "Discount Percent"),
      text("calculated_final_amount", "Calculated Final Amount"),
      text("second_discount_percent", "Second Discount Percent"),
      text("second_discount_amount", "Second Discount Amount"),
      text("final_amount", "Final Amount"),
      text("per_walk_time", "Per Walk Time (minutes)"),
      text("days", "Days"),
      text("customer_per_day_charges", "Customer Per Day Charges"),
      text("walkie_percent", "Walkie Percent"),
      text("walkie_commission_amount", "Walkie Commission Amount"),
      text("franchisee_percent", "Franchisee Percent"),
      text("franchisee_commission_amount", "Franchisee Commission Amount"),
      text("company_percent", "Company Percent"),
      text("company_commission_amount", "Company Commission Amount"),
      flag("is_basic_plan", "Basic Plan"),
      IS_ACTIVE,
    ],
  },
  user_service_interests: {
    fields: [ref("user_id", "User", "users"), ref("service_id", "Service", "services"), IS_ACTIVE],
  },
  blogs: {
    fields: [
      text("title", "Title"),
      file("imagepath", "Image"),
      text("description", "Description"),
      IS_ACTIVE,
    ],
  },
  blog_details: {
    fields: [
      ref("blog_id", "Blog", "blogs"),
      text("description", "Description"),
      file("imagepath", "Image"),
      IS_ACTIVE,
    ],
  },
  permissions: {
    fields: [ref("module_id", "Module", "modules"), text("permission_name", "Name"), IS_ACTIVE],
  },
  outlets: { fields: [text("name", "Name"), text("brand", "Brand"), IS_ACTIVE] },
  outlet_users: {
    fields: [
      ref("outlet_id", "Outlet", "outlets"),
      ref("user_id", "User", "users"),
      text("start_date", "Start Date"),
      text("end_date", "End Date"),
      IS_ACTIVE,
    ],
  },
  values: { fields: [text("name", "Name")] },
  value_lists: {
    fields: [
      ref("value_id", "Master", "values"),
      text("description", "Description"),
      text("code", "Code"),
      IS_ACTIVE,
    ],
  },
  // The outlet lists are recorded as ids (auditDetail) and read as the outlets' names.
  pjps: {
    fields: [
      text("name", "Name"),
      text("location", "Location"),
      ref("user_id", "User", "users"),
      text("date", "Date"),
      text("description", "Description"),
      ref("pjp_outlets", "Outlets", "outlets"),
      flag("is_outlet_visited", "Is outlet visited"),
      IS_ACTIVE,
    ],
  },
  pjp_references: {
    fields: [
      text("name", "Name"),
      text("location", "Location"),
      ref("user_id", "User", "users"),
      text("day", "Day"),
      text("week", "Week"),
      ref("pjp_reference_outlets", "Outlets", "outlets"),
      IS_ACTIVE,
    ],
  },
  franchisees: {
    fields: [
      text("name", "Name"),
      text("email", "Email"),
      text("phone", "Phone"),
      text("address", "Address"),
      text("description", "Description"),
      text("latitude", "Latitude"),
      text("longitude", "Longitude"),
      ref("zone_id", "Zone", "value_lists"),
      text("start_time", "Start Time"),
      text("end_time", "End Time"),
      flag("is_kyc_valid", "KYC Done"),
      { field: "status", label: "Approval Status", kind: "kyc" },
      text("rejection_reason", "Rejection Reason"),
      IS_ACTIVE,
    ],
  },
  master_franchisees: {
    fields: [ref("user_id", "User", "users"), ref("zone_ids", "Zones", "value_lists"), IS_ACTIVE],
  },
  // Career requests: the review's fields first (the application itself is read-only), then what links them.
  pet_walkie_career_requests: { fields: careerReviewFields() },
  pet_trainer_career_requests: { fields: careerReviewFields() },
  franchisee_career_requests: { fields: careerReviewFields(ref("zone_id", "Zone", "value_lists")) },
  daycare_career_requests: { fields: careerReviewFields() },
  leave_requests: {
    fields: [
      ref("user_id", "Walker", "users"),
      ref("franchisee_id", "Franchisee", "franchisees"),
      text("date", "Date"),
      text("leave_type", "Leave Type"),
      text("start_time", "Start Time"),
      text("end_time", "End Time"),
      text("reason", "Reason"),
      { field: "status", label: "Status", kind: "kyc" },
      ref("replacement_user_id", "Replacement", "users"),
      text("admin_remarks", "Admin Remarks"),
      ref("processed_by", "Processed By", "users"),
      text("processed_at", "Processed At"),
      IS_ACTIVE,
    ],
  },
  kyc_document_types: {
    fields: [
      text("code", "Code"),
      text("description", "Description"),
      text("applies_to", "Applies To"),
      flag("is_required", "Is Required"),
      flag("requires_expiry", "Requires Expiry Date"),
      IS_ACTIVE,
    ],
  },
  franchisee_kyc_documents: { fields: kycDocumentFields(ref("franchisee_id", "Franchisee", "franchisees")) },
  user_kyc_documents: {
    fields: kycDocumentFields(
      ref("user_id", "User", "users"),
      ref("franchisee_id", "Franchisee", "franchisees"),
    ),
  },
  daily_job_plans: {
    fields: [
      text("date", "Date"),
      ref("user_id", "Customer", "users"),
      ref("franchisee_id", "Franchisee", "franchisees"),
      ref("walker_id", "Walker", "users"),
      text("user_pet_id", "Pet"),
      text("user_pet_2_id", "Pet 2"),
      text("status", "Status"),
      text("daily_job_plan_walks", "Walks"),
      text("user_monthly_job_request_id", "Monthly Request"),
      text("holiday_name", "Holiday"),
      IS_ACTIVE,
    ],
  },
  user_monthly_job_requests: {
    fields: [
      ref("user_id", "User", "users"),
      ref("franchisee_id", "Franchisee", "franchisees"),
      ref("zone_id", "Zone", "value_lists"),
      text("plan_id", "Plan"),
      text("month", "Month"),
      text("year", "Year"),
      text("start_date", "Start Date"),
      text("end_date", "End Date"),
      { field: "franchisee_approval_status", label: "Franchisee Approval Status", kind: "kyc" },
      { field: "status", label: "Status", kind: "kyc" },
      ref("walker_id", "Walker", "users"),
      text("timeslot", "Timeslot"),
      text("timeslot_2", "Timeslot 2"),
      text("remark", "Remark"),
      IS_ACTIVE,
    ],
  },
  customer_walk_requests: {
    fields: [
      ref("user_id", "Customer", "users"),
      ref("franchisee_id", "Franchisee", "franchisees"),
      text("walk_id", "Walk"),
      text("request_type", "Request Type"),
      text("status", "Status"),
      text("original_date", "Original Date"),
      text("original_timeslot", "Original Time"),
      text("new_date", "New Date"),
      text("new_timeslot", "New Time"),
      text("reason", "Reason"),
      text("hours_before_walk", "Hours Before"),
      flag("refund_eligibility", "Refund Eligible"),
      text("refund_percent", "Refund Percent"),
      text("refund_amount", "Refund Amount"),
      text("requested_at", "Requested On"),
      text("admin_remarks", "Admin Remarks"),
      ref("processed_by", "Processed By", "users"),
      text("processed_at", "Processed At"),
      IS_ACTIVE,
    ],
  },
};

/** A KYC document's form (app/(portal)/franchisee-kyc-documents/_components/kyc-document-form.tsx), then its stamps. */
function kycDocumentFields(...owner: HistoryField[]): HistoryField[] {
  return [
    ...owner,
    ref("document_type_id", "Document Type", "kyc_document_types"),
    text("document_name", "Document Name"),
    file("document_path", "Document"),
    text("expires_on", "Expiry Date"),
    { field: "status", label: "Status", kind: "kyc" },
    IS_ACTIVE,
    text("remark", "Remark"),
    text("submitted_at", "Submitted At"),
    text("reviewed_at", "Reviewed At"),
    ref("reviewed_by", "Reviewed By", "users"),
    text("expiry_notified", "Expiry Reminder (days)"),
  ];
}

/** A career request's review (app/(portal)/_components/career-requests.tsx CareerReviewForm) and its links. */
function careerReviewFields(...more: HistoryField[]): HistoryField[] {
  return [
    { field: "status", label: "Status", kind: "kyc" },
    IS_ACTIVE,
    text("rejection_reason", "Rejection Reason"),
    ...more,
    ref("request_by", "Request By", "users"),
    text("created_record_id", "Created Record"),
  ];
}

/** 'franchisee_summary_colorcode_2' → 'Franchisee Summary Colorcode 2': the label of a field no list names. */
export function fieldLabel(field: string): string {
  return field
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/** A field's label, kind and place (its index in the form; unlisted fields sort after, in record order). */
export type ResolvedField = { label: string; kind: HistoryKind; order: number };

/**
 * How a field of an entity reads in its history. Unlisted fields get a label from their name; an unlisted path
 * column (`*_path`) still reads as a file, so a storage key never shows; an unlisted `is_*` reads as a flag.
 */
export function historyField(entity: string, field: string): ResolvedField | null {
  const def = HISTORY_FIELDS[entity];
  if (def?.derived?.includes(field)) return null;
  const i = def?.fields.findIndex((f) => f.field === field) ?? -1;
  if (def && i >= 0) {
    const f = def.fields[i];
    return { label: f.label, kind: f.kind ?? "text", order: i };
  }
  const kind: HistoryKind = /_path$/.test(field)
    ? "file"
    : /_permissions$/.test(field)
      ? "permissions"
      : /kyc/.test(field)
        ? "kyc"
        : /^is_/.test(field)
          ? "flag"
          : "text";
  return { label: fieldLabel(field), kind, order: Number.MAX_SAFE_INTEGER };
}
