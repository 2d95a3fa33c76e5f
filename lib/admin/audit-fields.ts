import "server-only";
import { eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { getTableConfig, type AnyPgColumn, type PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import {
  blogs,
  companies,
  dailyJobPlans,
  dailyJobPlanWalks,
  franchisees,
  kycDocumentTypes,
  modules,
  outlets,
  plans,
  positions,
  roles,
  services,
  stateHolidays,
  states,
  franchiseeCareerRequests,
  userAddresses,
  userMonthlyJobRequests,
  userPets,
  users,
  valueLists,
  values,
} from "@/db/schema";
import { DAYCARE_REQUEST_EDIT_LABELS } from "@/lib/franchise/daycare-career-requests";
import { FRANCHISEE_REQUEST_EDIT_LABELS } from "@/lib/franchise/franchisee-career-requests";
import { KYC_APPLIES_OPTIONS } from "@/lib/franchise/kyc-document-types";
import { TRAINER_GENDER_LABELS } from "@/lib/franchise/pet-trainer-career-requests";
import { planName } from "@/lib/franchise/plans";
import { LEAVE_TYPE_LABELS } from "@/lib/jobs/leave-requests";
import { PLAN_STATUS_LABELS } from "@/lib/jobs/common";
import { REQUEST_TYPE_LABELS, REQUEST_STATUS_LABELS } from "@/lib/jobs/customer-walk-requests";
import { flag as flagSchema } from "@/lib/platform/schemas";
import { registered } from "@/lib/registry";

// How the history card reads a record's fields: their labels and order as the entity's form shows them, and what
// kind of value each holds (a flag reads as its switch, an id as the name it points at, a stored file as its name).
// One list per audited entity; a field not listed here follows the listed ones, labelled from its name.

/** One kind of record an id field may point at: its name, and which rows a company may read the names of. */
export type ReferenceDef = {
  id: AnyPgColumn;
  name: AnyPgColumn | SQL<string>;
  /** The rows of one company (a record's references are its company's; never another company's names). */
  company?: (companyId: number) => SQL | undefined;
};
const ofCompany =
  (column: AnyPgColumn) =>
  (companyId: number): SQL =>
    eq(column, companyId);

/**
 * Records an id field may point at, by their table's name; their names are read in one query per kind (see
 * lib/history.ts readableChanges). A foreign key to one of these tables reads as its name without being listed.
 */
export const REFERENCES = {
  positions: { id: positions.id, name: positions.name, company: ofCompany(positions.company_id) },
  franchisees: { id: franchisees.id, name: franchisees.name, company: ofCompany(franchisees.company_id) },
  roles: { id: roles.id, name: roles.name },
  companies: { id: companies.id, name: companies.name, company: ofCompany(companies.id) },
  modules: { id: modules.id, name: modules.name },
  states: { id: states.id, name: states.description },
  value_lists: { id: valueLists.id, name: valueLists.description, company: ofCompany(valueLists.company_id) },
  values: { id: values.id, name: values.name, company: ofCompany(values.company_id) },
  outlets: { id: outlets.id, name: outlets.name, company: ofCompany(outlets.company_id) },
  services: { id: services.id, name: services.name, company: ofCompany(services.company_id) },
  blogs: { id: blogs.id, name: blogs.title, company: ofCompany(blogs.company_id) },
  kyc_document_types: {
    id: kycDocumentTypes.id,
    name: kycDocumentTypes.description,
    company: ofCompany(kycDocumentTypes.company_id),
  },
  plans: {
    id: plans.id,
    name: planName(
      sql`(select ${valueLists.description} from ${valueLists} where ${valueLists.id} = ${plans.tier_id})`,
    ),
    company: ofCompany(plans.company_id),
  },
  user_pets: { id: userPets.id, name: userPets.name, company: ofCompany(userPets.company_id) },
  user_addresses: {
    id: userAddresses.id,
    name: userAddresses.address,
    company: ofCompany(userAddresses.company_id),
  },
  user_monthly_job_requests: {
    id: userMonthlyJobRequests.id,
    name: sql<string>`lpad(${userMonthlyJobRequests.month}::text, 2, '0') || '-' || ${userMonthlyJobRequests.year}::text`,
    company: ofCompany(userMonthlyJobRequests.company_id),
  },
  daily_job_plans: {
    id: dailyJobPlans.id,
    name: sql<string>`to_char(${dailyJobPlans.date}, 'DD-MM-YYYY')`,
    company: ofCompany(dailyJobPlans.company_id),
  },
  daily_job_plan_walks: {
    id: dailyJobPlanWalks.id,
    name: sql<string>`to_char(${dailyJobPlanWalks.date}, 'DD-MM-YYYY') || ' ' || to_char(${dailyJobPlanWalks.timeslot}, 'HH12:MI AM')`,
    company: (companyId) =>
      sql`exists (select 1 from ${dailyJobPlans} where ${dailyJobPlans.id} = ${dailyJobPlanWalks.daily_job_plan_id}
        and ${dailyJobPlans.company_id} = ${companyId})`,
  },
  state_holidays: {
    id: stateHolidays.id,
    name: stateHolidays.description,
    company: ofCompany(stateHolidays.company_id),
  },
  franchisee_career_requests: {
    id: franchiseeCareerRequests.id,
    name: franchiseeCareerRequests.full_name,
    company: ofCompany(franchiseeCareerRequests.company_id),
  },
  users: {
    id: users.id,
    name: sql<string>`coalesce(nullif(trim(${users.user_name}), ''), nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), ''), ${users.email})`,
    // The company's people, and the platform's admins (who belong to none) as the entries name them.
    company: (companyId) => or(eq(users.company_id, companyId), isNull(users.company_id)),
  },
} satisfies Record<string, ReferenceDef>;
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
  | { ref: Reference }
  /** A code read as the form's word for it (`otherwise` for a code the map does not name). */
  | { choices: Readonly<Record<string | number, string>>; otherwise?: string };

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
const choice = (
  field: string,
  label: string,
  choices: Readonly<Record<string | number, string>>,
  otherwise?: string,
): HistoryField => ({ field, label, kind: { choices, otherwise } });
/** A code whose words the form's labels give (`{ labels, otherwise }`). */
const coded = (
  field: string,
  label: string,
  c: { labels: Readonly<Record<number, string>>; otherwise: string },
): HistoryField => choice(field, label, c.labels, c.otherwise || undefined);
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
      ref("career_request_id", "Career Request", "franchisee_career_requests"),
      { field: "status", label: "Approval Status", kind: "kyc" },
      text("rejection_reason", "Rejection Reason"),
      IS_ACTIVE,
    ],
  },
  master_franchisees: {
    fields: [ref("user_id", "User", "users"), ref("zone_ids", "Zones", "value_lists"), IS_ACTIVE],
  },
  // Career requests: the review's fields first (the application itself is read-only), then what links them.
  // The application's own fields follow, in its form's order, with its codes in the edit screen's words.
  pet_walkie_career_requests: { fields: careerReviewFields("users") },
  pet_trainer_career_requests: {
    fields: [...careerReviewFields("users"), choice("gender", "Gender", TRAINER_GENDER_LABELS)],
  },
  franchisee_career_requests: {
    fields: [
      ...careerReviewFields("franchisees", ref("zone_id", "Zone", "value_lists")),
      coded("gender", "Gender", FRANCHISEE_REQUEST_EDIT_LABELS.gender),
      coded("applying_as", "Applying As", FRANCHISEE_REQUEST_EDIT_LABELS.applying_as),
      coded("preferred_work_type", "Preferred Work Type", FRANCHISEE_REQUEST_EDIT_LABELS.preferred_work_type),
    ],
  },
  daycare_career_requests: {
    fields: [
      ...careerReviewFields("users"),
      coded("gender", "Gender", DAYCARE_REQUEST_EDIT_LABELS.gender),
      coded("preferred_work_type", "Preferred Work Type", DAYCARE_REQUEST_EDIT_LABELS.preferred_work_type),
    ],
  },
  leave_requests: {
    fields: [
      ref("user_id", "Walker", "users"),
      ref("franchisee_id", "Franchisee", "franchisees"),
      text("date", "Date"),
      choice("leave_type", "Leave Type", LEAVE_TYPE_LABELS),
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
      choice(
        "applies_to",
        "Applies To",
        Object.fromEntries(KYC_APPLIES_OPTIONS.map((o) => [o.value, o.label])),
      ),
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
      ref("user_pet_id", "Pet", "user_pets"),
      ref("user_pet_2_id", "Pet 2", "user_pets"),
      choice("status", "Status", PLAN_STATUS_LABELS),
      text("daily_job_plan_walks", "Walks"),
      ref("user_monthly_job_request_id", "Monthly Request", "user_monthly_job_requests"),
      text("holiday_name", "Holiday"),
      IS_ACTIVE,
    ],
    // The holiday is named by holiday_name beside it.
    derived: ["holiday_id"],
  },
  user_monthly_job_requests: {
    fields: [
      ref("user_id", "Customer", "users"),
      ref("plan_id", "Plan", "plans"),
      ref("user_pet_ids", "Pets", "user_pets"),
      ref("user_address_id", "Address", "user_addresses"),
      ref("franchisee_id", "Franchisee", "franchisees"),
      ref("zone_id", "Zone", "value_lists"),
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
      ref("walk_id", "Walk", "daily_job_plan_walks"),
      choice("request_type", "Request Type", REQUEST_TYPE_LABELS),
      choice("status", "Status", REQUEST_STATUS_LABELS),
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

/**
 * A career request's review (app/(portal)/_components/career-requests.tsx CareerReviewForm) and its links; `created`
 * is what an approved request makes (a franchisee, or a member of staff).
 */
function careerReviewFields(created: Reference, ...more: HistoryField[]): HistoryField[] {
  return [
    { field: "status", label: "Status", kind: "kyc" },
    IS_ACTIVE,
    text("rejection_reason", "Rejection Reason"),
    ...more,
    ref("request_by", "Request By", "users"),
    ref("created_record_id", "Created Record", created),
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

/** A schema's fields in their order (the form's: one schema serves the form, the action and the /api). */
function shapeOf(schema: unknown): Record<string, z.ZodType> {
  if (schema instanceof z.ZodObject) return schema.shape as Record<string, z.ZodType>;
  if (schema instanceof z.ZodPipe) return shapeOf(schema.in);
  return {};
}

/** Whether a schema field is the kit's 0/1 switch (`flag`), under any default, optional or nullable. */
function isFlagSchema(f: unknown): boolean {
  for (let s = f; s;) {
    if (s === flagSchema) return true;
    if (s instanceof z.ZodDefault || s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap();
    else return false;
  }
  return false;
}

const tableName = (t: PgTable) => getTableConfig(t).name;
const isReference = (name: string): name is Reference => Object.hasOwn(REFERENCES, name);

/** What an entity's declaration says of its fields: the form's order, its switches and where its ids point. */
type Declared = { order: Map<string, number>; flags: Set<string>; refs: Map<string, Reference> };
const declaredCache = new Map<string, Declared>();

function declared(entity: string): Declared {
  const hit = declaredCache.get(entity);
  if (hit) return hit;
  const def = registered(entity)?.def;
  const shape = shapeOf(def?.create);
  const out: Declared = {
    order: new Map(Object.keys(shape).map((k, i) => [k, i])),
    flags: new Set(Object.keys(shape).filter((k) => isFlagSchema(shape[k]))),
    refs: new Map(),
  };
  if (def) {
    const config = getTableConfig(def.table as PgTable);
    for (const c of config.columns) if (c.columnType === "PgBoolean") out.flags.add(c.name);
    for (const fk of config.foreignKeys) {
      const r = fk.reference();
      const to = tableName(r.foreignTable);
      if (r.columns.length === 1 && isReference(to)) out.refs.set(r.columns[0].name, to);
    }
  }
  declaredCache.set(entity, out);
  return out;
}

/** The table a list of ids points at by its name: `user_pet_ids` → user_pets, `outlet_ids` → outlets. */
function listReference(field: string): Reference | null {
  const m = /^(.+)_ids$/.exec(field);
  const table = m ? `${m[1]}s` : "";
  return isReference(table) ? table : null;
}

/** 'user_address_id' → 'User Address': the label of an unlisted reference. */
const referenceLabel = (field: string) => fieldLabel(field.replace(/_ids?$/, ""));

/**
 * How a field of an entity reads in its history. A listed field keeps its label and place, and reads by its kind;
 * one listed as plain text that the entity's table declares a foreign key for reads as the name it points at. An
 * unlisted field follows the listed ones in the form's (create schema's) order, labelled from its name, and reads
 * by what the entity declares: a foreign key as a name, a switch (`flag`, a boolean column) as Yes / No, a path
 * column (`*_path`) as a file (a storage key never shows), a list of ids (`*_ids`) as names; else by its name's
 * pattern (`is_*`, `has_*` switches, KYC).
 */
export function historyField(entity: string, field: string): ResolvedField | null {
  const def = HISTORY_FIELDS[entity];
  if (def?.derived?.includes(field)) return null;
  const d = declared(entity);
  const ref = d.refs.get(field) ?? listReference(field);
  const i = def?.fields.findIndex((f) => f.field === field) ?? -1;
  if (def && i >= 0) {
    const f = def.fields[i];
    return { label: f.label, kind: f.kind ?? (ref ? { ref } : "text"), order: i };
  }
  const kind: HistoryKind = ref
    ? { ref }
    : d.flags.has(field)
      ? "flag"
      : /_path$/.test(field)
        ? "file"
        : /_permissions$/.test(field)
          ? "permissions"
          : /kyc/.test(field)
            ? "kyc"
            : /^(is|has)_/.test(field)
              ? "flag"
              : "text";
  const order = d.order.get(field);
  return {
    label: ref ? referenceLabel(field) : fieldLabel(kind === "file" ? field.replace(/_path$/, "") : field),
    kind,
    order: order != null ? 10_000 + order : Number.MAX_SAFE_INTEGER,
  };
}
