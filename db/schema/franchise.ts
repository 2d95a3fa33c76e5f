import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
// Cycles (admin.ts and operations.ts read franchisees): harmless, every reference below is a lazy function.
import { users } from "./admin";
import { searchIndex, searchTextOf, tenantColumns, type SearchCols } from "./columns";
import { valueLists } from "./operations";

// The franchise network (spec 002 §1-§9, issue 10). Every table belongs to one company. Zones and plan tiers are
// rows of the company's "ZONES" and "PLAN TIERS" master values (value_lists), as services read "SERVICE TYPES".

const live = (t: { deleted_at: AnyPgColumn }) => sql`${t.deleted_at} is null`;

/**
 * A workflow's pending rows by company and age (the approvals inbox, lib/approvals/inbox.ts: its page and counts,
 * oldest first): small whatever the table holds.
 */
const pendingIndex = (
  name: string,
  t: {
    company_id: AnyPgColumn;
    id: AnyPgColumn;
    deleted_at: AnyPgColumn;
    status: AnyPgColumn;
    created_at: AnyPgColumn;
  },
) =>
  index(name)
    .on(t.company_id, t.created_at, t.id)
    .where(sql`${t.deleted_at} is null and ${t.status} = 0`);
/** A KYC document awaiting review (pending, with its file) by company and submission. */
const kycPendingIndex = (
  name: string,
  t: {
    company_id: AnyPgColumn;
    id: AnyPgColumn;
    deleted_at: AnyPgColumn;
    status: AnyPgColumn;
    created_at: AnyPgColumn;
    submitted_at: AnyPgColumn;
    document_path: AnyPgColumn;
  },
) =>
  index(name)
    .on(t.company_id, sql`coalesce(${t.submitted_at}, ${t.created_at})`, t.id)
    .where(sql`${t.deleted_at} is null and ${t.status} = 0 and ${t.document_path} is not null`);

// What each list's search matches (its trigram index and the list read the same expression; see searchTextOf).
export const franchiseesSearchText = (t: SearchCols<"name" | "email" | "phone">) =>
  searchTextOf(t.name, t.email, t.phone);
export const petWalkieSearchText = (
  t: SearchCols<"user_name" | "phone_no" | "whatsapp_no" | "area" | "pin_code">,
) => searchTextOf(t.user_name, t.phone_no, t.whatsapp_no, t.area, t.pin_code);
export const petTrainerSearchText = (
  t: SearchCols<
    "user_name" | "phone_no" | "email" | "address" | "pin_code" | "trained_animal_type" | "language_spoken"
  >,
) =>
  searchTextOf(
    t.user_name,
    t.phone_no,
    t.email,
    t.address,
    t.pin_code,
    t.trained_animal_type,
    t.language_spoken,
  );
export const franchiseeCareerSearchText = (
  t: SearchCols<"full_name" | "phone_no" | "email" | "city" | "pin_code" | "proposed_franchisee_location">,
) => searchTextOf(t.full_name, t.phone_no, t.email, t.city, t.pin_code, t.proposed_franchisee_location);
export const daycareSearchText = (
  t: SearchCols<"full_name" | "phone_no" | "email" | "address" | "pin_code">,
) => searchTextOf(t.full_name, t.phone_no, t.email, t.address, t.pin_code);
/** Approval of franchisees, KYC documents and career requests: 0 pending, 1 approved, 2 rejected. */
const approval = (name = "status") => smallint(name).notNull().default(0);
const approvalCheck = (name: string, c: AnyPgColumn) => check(name, sql`${c} in (0, 1, 2)`);
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "number" });
const percent = (name: string) => numeric(name, { precision: 5, scale: 2, mode: "number" });

/**
 * A franchisee: a business running the services in a zone. Its FRANCHISEE ADMIN and staff are users with
 * franchisee_id. is_kyc_valid is derived (every required document type approved and unexpired), kept on the row so
 * the list filters on it; lib/franchise/kyc-validity.ts is the one place that writes it.
 */
export const franchisees = pgTable(
  "franchisees",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 200 }).notNull(),
    email: varchar("email", { length: 191 }),
    phone: varchar("phone", { length: 20 }),
    address: varchar("address", { length: 500 }),
    description: varchar("description", { length: 2000 }),
    latitude: numeric("latitude", { precision: 10, scale: 7, mode: "number" }),
    longitude: numeric("longitude", { precision: 10, scale: 7, mode: "number" }),
    zone_id: integer("zone_id").references((): AnyPgColumn => valueLists.id, { onDelete: "set null" }),
    /** How far from its latitude/longitude the franchisee serves: a request made without a franchisee goes to the
     * nearest active, approved franchisee whose radius covers the customer's address. */
    service_radius_km: numeric("service_radius_km", { precision: 6, scale: 2, mode: "number" })
      .notNull()
      .default(10),
    start_time: time("start_time"),
    end_time: time("end_time"),
    status: approval(),
    rejection_reason: varchar("rejection_reason", { length: 1000 }),
    is_kyc_valid: smallint("is_kyc_valid").notNull().default(0),
    /** The franchisee career request it was created from, if any. */
    career_request_id: integer("career_request_id"),
    ...tenantColumns(),
  },
  (t) => [
    index("franchisees_list_idx").on(t.company_id, t.name, t.id).where(live(t)),
    index("franchisees_zone_idx").on(t.company_id, t.zone_id, t.name, t.id).where(live(t)),
    pendingIndex("franchisees_pending_idx", t),
    searchIndex("franchisees_search_idx", franchiseesSearchText(t)),
    approvalCheck("franchisees_status_ck", t.status),
    check("franchisees_latitude_ck", sql`${t.latitude} is null or ${t.latitude} between -90 and 90`),
    check("franchisees_longitude_ck", sql`${t.longitude} is null or ${t.longitude} between -180 and 180`),
  ],
);

/** A master franchisee: a user (role MASTER FRANCHISEE) overseeing the franchisees of one or more zones. */
export const masterFranchisees = pgTable(
  "master_franchisees",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
    ...tenantColumns(),
  },
  (t) => [
    index("master_franchisees_list_idx").on(t.company_id, t.id).where(live(t)),
    uniqueIndex("master_franchisees_live_user_uq").on(t.company_id, t.user_id).where(live(t)),
  ],
);

export const masterFranchiseeZones = pgTable(
  "master_franchisee_zones",
  {
    master_franchisee_id: integer("master_franchisee_id")
      .notNull()
      .references(() => masterFranchisees.id, { onDelete: "cascade" }),
    zone_id: integer("zone_id")
      .notNull()
      .references((): AnyPgColumn => valueLists.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.master_franchisee_id, t.zone_id] }), index("mfz_zone_idx").on(t.zone_id)],
);

/**
 * KYC document types (master data): for franchisees (applies_to 1) or staff (2); is_required types make up
 * KYC validity; requires_expiry asks for an expiry date on each document.
 */
export const kycDocumentTypes = pgTable(
  "kyc_document_types",
  {
    id: serial("id").primaryKey(),
    code: varchar("code", { length: 50 }).notNull(),
    description: varchar("description", { length: 200 }).notNull(),
    applies_to: smallint("applies_to").notNull().default(1),
    is_required: smallint("is_required").notNull().default(1),
    requires_expiry: smallint("requires_expiry").notNull().default(0),
    ...tenantColumns(),
  },
  (t) => [
    index("kyc_document_types_list_idx").on(t.company_id, t.description, t.id).where(live(t)),
    uniqueIndex("kyc_document_types_live_code_uq")
      .on(t.company_id, t.applies_to, sql`lower(${t.code})`)
      .where(live(t)),
    check("kyc_document_types_applies_ck", sql`${t.applies_to} in (1, 2)`),
  ],
);

/** Columns both KYC document tables share (spec 002 §3: the same shape tied to a franchisee or to a user). */
function kycColumns() {
  return {
    id: serial("id").primaryKey(),
    document_type_id: integer("document_type_id")
      .notNull()
      .references(() => kycDocumentTypes.id, { onDelete: "restrict" }),
    document_name: varchar("document_name", { length: 200 }).notNull(),
    /** The stored file's key (private: served through /api/files to those who may view the document). */
    document_path: varchar("document_path", { length: 500 }),
    status: approval(),
    remark: varchar("remark", { length: 1000 }),
    expires_on: date("expires_on"),
    /** The last expiry reminder sent: 30 or 7 (days before), null when none yet. */
    expiry_notified: smallint("expiry_notified"),
    submitted_at: timestamp("submitted_at", { withTimezone: true }),
    reviewed_at: timestamp("reviewed_at", { withTimezone: true }),
    reviewed_by: integer("reviewed_by"),
    ...tenantColumns(),
  };
}

export const franchiseeKycDocuments = pgTable(
  "franchisee_kyc_documents",
  {
    ...kycColumns(),
    franchisee_id: integer("franchisee_id")
      .notNull()
      .references(() => franchisees.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("franchisee_kyc_documents_list_idx").on(t.company_id, t.id).where(live(t)),
    kycPendingIndex("franchisee_kyc_documents_pending_idx", t),
    index("franchisee_kyc_documents_franchisee_idx").on(t.franchisee_id, t.document_type_id, t.status),
    index("franchisee_kyc_documents_expiry_idx")
      .on(t.expires_on)
      .where(sql`${t.deleted_at} is null and ${t.status} = 1`),
    approvalCheck("franchisee_kyc_documents_status_ck", t.status),
  ],
);

export const userKycDocuments = pgTable(
  "user_kyc_documents",
  {
    ...kycColumns(),
    user_id: integer("user_id")
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
    /** The user's franchisee when submitted (the franchisee admin's scope). */
    franchisee_id: integer("franchisee_id").references(() => franchisees.id, { onDelete: "set null" }),
  },
  (t) => [
    index("user_kyc_documents_list_idx").on(t.company_id, t.id).where(live(t)),
    index("user_kyc_documents_user_idx").on(t.user_id, t.document_type_id, t.status),
    index("user_kyc_documents_franchisee_idx").on(t.company_id, t.franchisee_id, t.id).where(live(t)),
    kycPendingIndex("user_kyc_documents_pending_idx", t),
    index("user_kyc_documents_expiry_idx")
      .on(t.expires_on)
      .where(sql`${t.deleted_at} is null and ${t.status} = 1`),
    approvalCheck("user_kyc_documents_status_ck", t.status),
  ],
);

/** Columns every career request shares: who applied (the app user, when signed in), approval and its reason. */
function careerColumns() {
  return {
    id: serial("id").primaryKey(),
    request_by: integer("request_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    status: approval(),
    rejection_reason: varchar("rejection_reason", { length: 1000 }),
    /** The user (staff) or franchisee created from an approved request. */
    created_record_id: integer("created_record_id"),
    ...tenantColumns(),
  };
}
const careerIndexes = (
  name: string,
  t: {
    company_id: AnyPgColumn;
    id: AnyPgColumn;
    deleted_at: AnyPgColumn;
    status: AnyPgColumn;
    created_at: AnyPgColumn;
  },
) => [
  index(`${name}_list_idx`).on(t.company_id, t.id).where(live(t)),
  pendingIndex(`${name}_pending_idx`, t),
];

export const petWalkieCareerRequests = pgTable(
  "pet_walkie_career_requests",
  {
    ...careerColumns(),
    user_name: varchar("user_name", { length: 200 }).notNull(),
    age: smallint("age"),
    phone_no: varchar("phone_no", { length: 20 }),
    whatsapp_no: varchar("whatsapp_no", { length: 20 }),
    area: varchar("area", { length: 200 }),
    pin_code: varchar("pin_code", { length: 10 }),
    preferred_timeslot: varchar("preferred_timeslot", { length: 100 }),
    is_experienced: smallint("is_experienced").notNull().default(0),
    has_internet_access: smallint("has_internet_access").notNull().default(0),
  },
  (t) => [
    ...careerIndexes("pet_walkie_career_requests", t),
    searchIndex("pet_walkie_career_requests_search_idx", petWalkieSearchText(t)),
    approvalCheck("pwcr_status_ck", t.status),
  ],
);

export const petTrainerCareerRequests = pgTable(
  "pet_trainer_career_requests",
  {
    ...careerColumns(),
    user_name: varchar("user_name", { length: 200 }).notNull(),
    dob: date("dob"),
    age: smallint("age"),
    phone_no: varchar("phone_no", { length: 20 }),
    email: varchar("email", { length: 191 }),
    /** 0 Male, 1 Female, 2 Other; anything else "Not specified". */
    gender: smallint("gender"),
    address: varchar("address", { length: 500 }),
    area: varchar("area", { length: 200 }),
    pin_code: varchar("pin_code", { length: 10 }),
    preferred_timeslot: varchar("preferred_timeslot", { length: 100 }),
    experience_description: varchar("experience_description", { length: 2000 }),
    trained_animal_type: varchar("trained_animal_type", { length: 200 }),
    trained_animal_description: varchar("trained_animal_description", { length: 2000 }),
    language_spoken: varchar("language_spoken", { length: 200 }),
    other_language_spoken: varchar("other_language_spoken", { length: 200 }),
    available_on: varchar("available_on", { length: 200 }),
    has_allergies: smallint("has_allergies").notNull().default(0),
    allergies_details: varchar("allergies_details", { length: 1000 }),
    is_comfortable_outdoor: smallint("is_comfortable_outdoor").notNull().default(0),
    is_experienced: smallint("is_experienced").notNull().default(0),
    has_internet_access: smallint("has_internet_access").notNull().default(0),
  },
  (t) => [
    ...careerIndexes("pet_trainer_career_requests", t),
    searchIndex("pet_trainer_career_requests_search_idx", petTrainerSearchText(t)),
    approvalCheck("ptcr_status_ck", t.status),
  ],
);

export const franchiseeCareerRequests = pgTable(
  "franchisee_career_requests",
  {
    ...careerColumns(),
    full_name: varchar("full_name", { length: 200 }).notNull(),
    age: smallint("age"),
    phone_no: varchar("phone_no", { length: 20 }),
    email: varchar("email", { length: 191 }),
    address: varchar("address", { length: 500 }),
    city: varchar("city", { length: 100 }),
    pin_code: varchar("pin_code", { length: 10 }),
    /** List labels: 1 MALE, 2 OTHER, else FEMALE. */
    gender: smallint("gender"),
    zone_id: integer("zone_id").references((): AnyPgColumn => valueLists.id, { onDelete: "set null" }),
    /** 1 PARTNERSHIP, 2 COMPANY, else INDIVIDUAL. */
    applying_as: smallint("applying_as"),
    currently_operate_business: smallint("currently_operate_business").notNull().default(0),
    business_description: varchar("business_description", { length: 2000 }),
    has_franchisee_business: smallint("has_franchisee_business").notNull().default(0),
    franchisee_description: varchar("franchisee_description", { length: 2000 }),
    is_experienced_pet_industry: smallint("is_experienced_pet_industry").notNull().default(0),
    proposed_franchisee_location: varchar("proposed_franchisee_location", { length: 500 }),
    /** Edit screen: 0 Full Time, 1 Part Time, 2 Freelance. */
    preferred_work_type: smallint("preferred_work_type"),
    support_interest: varchar("support_interest", { length: 1000 }),
    heard_from: varchar("heard_from", { length: 200 }),
  },
  (t) => [
    ...careerIndexes("franchisee_career_requests", t),
    searchIndex("franchisee_career_requests_search_idx", franchiseeCareerSearchText(t)),
    index("franchisee_career_requests_zone_idx").on(t.company_id, t.zone_id, t.id).where(live(t)),
    approvalCheck("fcr_status_ck", t.status),
  ],
);

export const daycareCareerRequests = pgTable(
  "daycare_career_requests",
  {
    ...careerColumns(),
    full_name: varchar("full_name", { length: 200 }).notNull(),
    date_of_birth: date("date_of_birth"),
    phone_no: varchar("phone_no", { length: 20 }),
    email: varchar("email", { length: 191 }),
    address: varchar("address", { length: 500 }),
    pin_code: varchar("pin_code", { length: 10 }),
    gender: smallint("gender"),
    /** List labels: 1 FULL TIME, 2 TEMPORARY, else PART TIME. */
    preferred_work_type: smallint("preferred_work_type"),
    available_on: varchar("available_on", { length: 200 }),
    preferred_timeslot: varchar("preferred_timeslot", { length: 100 }),
    open_to_pickup_drop: smallint("open_to_pickup_drop").notNull().default(0),
    is_experienced: smallint("is_experienced").notNull().default(0),
    experience_description: varchar("experience_description", { length: 2000 }),
    is_experienced_day_care: smallint("is_experienced_day_care").notNull().default(0),
    experienced_day_care_description: varchar("experienced_day_care_description", { length: 2000 }),
    // The spec's spelling (its /api field names).
    is_commfortable_with_sizes: smallint("is_commfortable_with_sizes").notNull().default(0),
    commfortable_description: varchar("commfortable_description", { length: 2000 }),
    additional_description: varchar("additional_description", { length: 2000 }),
    has_allergies: smallint("has_allergies").notNull().default(0),
    allergies_details: varchar("allergies_details", { length: 1000 }),
  },
  (t) => [
    ...careerIndexes("daycare_career_requests", t),
    searchIndex("daycare_career_requests_search_idx", daycareSearchText(t)),
    approvalCheck("dcr_status_ck", t.status),
  ],
);

export const daycareCareerRequestReferences = pgTable(
  "daycare_career_request_references",
  {
    id: serial("id").primaryKey(),
    daycare_career_request_id: integer("daycare_career_request_id")
      .notNull()
      .references(() => daycareCareerRequests.id, { onDelete: "cascade" }),
    full_name: varchar("full_name", { length: 200 }).notNull(),
    relation: varchar("relation", { length: 100 }),
    contact: varchar("contact", { length: 100 }),
  },
  (t) => [index("dcrr_request_idx").on(t.daycare_career_request_id)],
);

/**
 * A subscription plan (spec 002 §5): the amounts and commissions are computed on the server from the inputs
 * (lib/franchise/plan-pricing.ts); what the browser sends for them is ignored. tier_id is a "PLAN TIERS" row.
 */
export const plans = pgTable(
  "plans",
  {
    id: serial("id").primaryKey(),
    no_of_dogs: smallint("no_of_dogs").notNull(),
    no_of_walks: smallint("no_of_walks").notNull(),
    tier_id: integer("tier_id").references((): AnyPgColumn => valueLists.id, { onDelete: "set null" }),
    original_amount: money("original_amount").notNull(),
    price_percent: percent("price_percent").notNull().default(100),
    discount_percent: percent("discount_percent").notNull().default(0),
    calculated_final_amount: money("calculated_final_amount").notNull().default(0),
    second_discount_percent: percent("second_discount_percent"),
    second_discount_amount: money("second_discount_amount"),
    final_amount: money("final_amount").notNull().default(0),
    /** Minutes per walk. */
    per_walk_time: smallint("per_walk_time"),
    days: smallint("days"),
    customer_per_day_charges: money("customer_per_day_charges"),
    walkie_percent: percent("walkie_percent").notNull().default(0),
    walkie_commission_amount: money("walkie_commission_amount").notNull().default(0),
    franchisee_percent: percent("franchisee_percent").notNull().default(0),
    franchisee_commission_amount: money("franchisee_commission_amount").notNull().default(0),
    company_percent: percent("company_percent").notNull().default(100),
    company_commission_amount: money("company_commission_amount").notNull().default(0),
    is_basic_plan: smallint("is_basic_plan").notNull().default(1),
    ...tenantColumns(),
  },
  (t) => [
    index("plans_list_idx").on(t.company_id, t.id).where(live(t)),
    check("plans_dogs_ck", sql`${t.no_of_dogs} in (1, 2)`),
    check("plans_walks_ck", sql`${t.no_of_walks} in (1, 2)`),
  ],
);

/** Blogs: title, rich-text description (sanitised on the server), image. */
export const blogs = pgTable(
  "blogs",
  {
    id: serial("id").primaryKey(),
    title: varchar("title", { length: 300 }).notNull(),
    description: text("description"),
    imagepath: varchar("imagepath", { length: 500 }),
    ...tenantColumns(),
  },
  (t) => [index("blogs_list_idx").on(t.company_id, t.id).where(live(t))],
);

export const blogDetails = pgTable(
  "blog_details",
  {
    id: serial("id").primaryKey(),
    blog_id: integer("blog_id")
      .notNull()
      .references(() => blogs.id, { onDelete: "cascade" }),
    description: text("description"),
    imagepath: varchar("imagepath", { length: 500 }),
    ...tenantColumns(),
  },
  (t) => [index("blog_details_blog_idx").on(t.company_id, t.blog_id, t.id).where(live(t))],
);
