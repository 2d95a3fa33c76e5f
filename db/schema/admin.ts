import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { lifecycleColumns, tenantColumns } from "./columns";
import { DEFAULT_FRANCHISEE_COLOR, DEFAULT_STAFF_COLOR } from "./defaults";
import { franchisees } from "./franchise";

export { DEFAULT_FRANCHISEE_COLOR, DEFAULT_STAFF_COLOR };

type Col = AnyPgColumn;

/**
 * The text a list's search matches, one expression per table: its trigram index is built on exactly this
 * expression, so `ilike '%term%'` on it uses the index (lib/platform/lists.ts, ListSpec.searchText).
 */
export const companiesSearchText = (t: { name: Col; email: Col; admin_name: Col; phone: Col; city: Col }) =>
  sql`(${t.name} || ' ' || ${t.email} || ' ' || coalesce(${t.admin_name}, '') || ' ' || ${t.phone} || ' ' || coalesce(${t.city}, ''))`;

/** The users list's search expression, shared by its trigram index and the query (see companiesSearchText). */
export const usersSearchText = (t: {
  first_name: Col;
  last_name: Col;
  email: Col;
  phone: Col;
  employee_code: Col;
}) =>
  sql`(${t.first_name} || ' ' || ${t.last_name} || ' ' || ${t.email} || ' ' || coalesce(${t.phone}, '') || ' ' || coalesce(${t.employee_code}, ''))`;

// Names unique among live rows, case-insensitively. The kernel answers a violation of an index named
// `<table>_live_name_uq` with 422 on the `name` field, so keep these names exact.
const live = (t: { deleted_at: Col }) => sql`${t.deleted_at} is null`;

export const companies = pgTable(
  "companies",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 200 }).notNull(),
    tag_line: varchar("tag_line", { length: 300 }),
    email: varchar("email", { length: 200 }).notNull(),
    phone: varchar("phone", { length: 30 }).notNull(),
    admin_name: varchar("admin_name", { length: 200 }),
    address: varchar("address", { length: 500 }).notNull(),
    city: varchar("city", { length: 100 }),
    state: varchar("state", { length: 100 }),
    pincode: varchar("pincode", { length: 12 }),
    code: varchar("code", { length: 50 }),
    whatsapp_no: varchar("whatsapp_no", { length: 30 }),
    logo_path: varchar("logo_path", { length: 500 }),
    explorer_poster_path: varchar("explorer_poster_path", { length: 500 }),
    is_location_tracking_enabled: smallint("is_location_tracking_enabled").notNull().default(0),
    is_SUSP_enabled: smallint("is_susp_enabled").notNull().default(0),
    is_SUSL_enabled: smallint("is_susl_enabled").notNull().default(0),
    franchisee_summary_colorcode: varchar("franchisee_summary_colorcode", { length: 20 })
      .notNull()
      .default(DEFAULT_FRANCHISEE_COLOR),
    franchisee_summary_colorcode_2: varchar("franchisee_summary_colorcode_2", { length: 20 })
      .notNull()
      .default(DEFAULT_FRANCHISEE_COLOR),
    franchisee_summary_colorcode_3: varchar("franchisee_summary_colorcode_3", { length: 20 })
      .notNull()
      .default(DEFAULT_FRANCHISEE_COLOR),
    staff_summary_colorcode: varchar("staff_summary_colorcode", { length: 20 })
      .notNull()
      .default(DEFAULT_STAFF_COLOR),
    staff_summary_colorcode_2: varchar("staff_summary_colorcode_2", { length: 20 })
      .notNull()
      .default(DEFAULT_STAFF_COLOR),
    staff_summary_colorcode_3: varchar("staff_summary_colorcode_3", { length: 20 })
      .notNull()
      .default(DEFAULT_STAFF_COLOR),
    about_us: text("about_us"),
    terms: text("terms"),
    faqs: text("faqs"),
    privacy: text("privacy"),
    return_policy: text("return_policy"),
    refund_policy: text("refund_policy"),
    cancellation_policy: text("cancellation_policy"),
    disclaimer: text("disclaimer"),
    ...lifecycleColumns(),
  },
  (t) => [
    index("companies_active_idx").on(t.deleted_at, t.is_active, t.name),
    index("companies_search_idx").using("gin", sql`${companiesSearchText(t)} gin_trgm_ops`),
    // Every stored text is bounded (the form's own limit is 200,000 characters; this is the database's backstop).
    check(
      "companies_texts_size_ck",
      sql`coalesce(char_length(${t.about_us}), 0) + coalesce(char_length(${t.terms}), 0) + coalesce(char_length(${t.faqs}), 0) + coalesce(char_length(${t.privacy}), 0) <= 800000 and coalesce(char_length(${t.return_policy}), 0) + coalesce(char_length(${t.refund_policy}), 0) + coalesce(char_length(${t.cancellation_policy}), 0) + coalesce(char_length(${t.disclaimer}), 0) <= 800000`,
    ),
  ],
);

export const roles = pgTable(
  "roles",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 100 }).notNull(),
    ...lifecycleColumns(),
  },
  (t) => [
    uniqueIndex("roles_live_name_uq")
      .on(sql`lower(${t.name})`)
      .where(live(t)),
  ],
);

export const modules = pgTable(
  "modules",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 100 }).notNull(),
    ...lifecycleColumns(),
  },
  (t) => [
    uniqueIndex("modules_live_name_uq")
      .on(sql`lower(${t.name})`)
      .where(live(t)),
  ],
);

export const permissions = pgTable(
  "permissions",
  {
    id: serial("id").primaryKey(),
    module_id: integer("module_id")
      .notNull()
      .references(() => modules.id),
    permission_name: varchar("permission_name", { length: 150 }).notNull(),
    ...lifecycleColumns(),
  },
  (t) => [
    uniqueIndex("permissions_name_uq").on(t.permission_name),
    index("permissions_module_idx").on(t.module_id),
  ],
);

export const rolePermissions = pgTable(
  "role_permissions",
  {
    role_id: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    permission_id: integer("permission_id")
      .notNull()
      .references(() => permissions.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission_id] })],
);

export const positions = pgTable(
  "positions",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 100 }).notNull(),
    role_id: integer("role_id")
      .notNull()
      .default(3)
      .references(() => roles.id),
    ...tenantColumns(),
  },
  (t) => [
    index("positions_company_idx").on(t.company_id, t.deleted_at, t.name),
    uniqueIndex("positions_live_name_uq")
      .on(t.company_id, sql`lower(${t.name})`)
      .where(live(t)),
  ],
);

export const positionPermissions = pgTable(
  "position_permissions",
  {
    position_id: integer("position_id")
      .notNull()
      .references(() => positions.id, { onDelete: "cascade" }),
    permission_id: integer("permission_id")
      .notNull()
      .references(() => permissions.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.position_id, t.permission_id] })],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    // Home company; null for SUPER ADMIN and BACKEND ADMIN, who act on a company they choose. No cascade: a
    // company still home to users cannot be hard-deleted (accounts are removed on purpose, not as a side effect).
    company_id: integer("company_id").references(() => companies.id),
    // A role held by users cannot be hard-deleted either (no cascade, no set null).
    role_id: integer("role_id")
      .notNull()
      .references(() => roles.id),
    // Optional attributes: should their row ever be hard-deleted, the user keeps the account and loses the link
    // (which grants nothing), rather than blocking the delete or vanishing with it.
    position_id: integer("position_id").references(() => positions.id, { onDelete: "set null" }),
    franchisee_id: integer("franchisee_id").references(() => franchisees.id, { onDelete: "set null" }),
    upline_user_id: integer("upline_user_id").references((): AnyPgColumn => users.id, {
      onDelete: "set null",
    }),
    first_name: varchar("first_name", { length: 100 }).notNull(),
    middle_name: varchar("middle_name", { length: 100 }),
    last_name: varchar("last_name", { length: 100 }).notNull(),
    user_name: varchar("user_name", { length: 300 }),
    email: varchar("email", { length: 200 }).notNull(),
    phone: varchar("phone", { length: 30 }),
    employee_code: varchar("employee_code", { length: 50 }),
    referral_code: varchar("referral_code", { length: 50 }),
    image_path: varchar("image_path", { length: 500 }),
    is_kyc_verified: smallint("is_kyc_verified").notNull().default(0),
    password_hash: text("password_hash").notNull(),
    // Bumped on password change, deactivation and logout-everywhere: a session carrying an older value is refused.
    session_version: integer("session_version").notNull().default(0),
    ...lifecycleColumns(),
  },
  (t) => [
    uniqueIndex("users_email_uq").on(sql`lower(${t.email})`),
    index("users_company_idx").on(t.company_id, t.deleted_at, t.is_active),
    // The users list (role USER of a company, live, newest first): its page, its keyset pages and its bounded
    // count read this index in order, however big the company (issue 8, docs/benchmarks.md).
    index("users_list_idx").on(t.company_id, t.role_id, t.id).where(live(t)),
    index("users_franchisee_idx").on(t.company_id, t.franchisee_id),
    index("users_position_idx").on(t.company_id, t.position_id),
    // The "held by users cannot be deleted" guards of positions and roles ask exactly this.
    index("users_position_live_idx").on(t.position_id).where(live(t)),
    index("users_role_live_idx").on(t.role_id).where(live(t)),
    index("users_upline_idx").on(t.upline_user_id),
    index("users_search_idx").using("gin", sql`${usersSearchText(t)} gin_trgm_ops`),
    // Pickers (lib/options): a company's live users of a role by display name (lib/jobs/common.ts userNameOf), then
    // id, so a page of 50 names and its keyset "more" read the index in order instead of sorting every user.
    index("users_name_idx")
      .on(
        t.company_id,
        t.role_id,
        sql`(coalesce(nullif(${t.user_name}, ''), ${t.first_name} || ' ' || ${t.last_name}))`,
        t.id,
      )
      .where(live(t)),
  ],
);

/** The companies a user may act for besides the home company. */
export const userCompanies = pgTable(
  "user_companies",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    company_id: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.company_id] }),
    index("user_companies_company_idx").on(t.company_id),
  ],
);

/** Page times (a log): they go with their company or user. company_id is null for pages seen with none chosen. */
export const userTimestamps = pgTable(
  "user_timestamps",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    company_id: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    from_path: varchar("from_path", { length: 500 }).notNull(),
    from_name: varchar("from_name", { length: 200 }),
    timespent: integer("timespent"),
    old_json: jsonb("old_json"),
    new_json: jsonb("new_json"),
    /** Posted by an app (POST /api/user_timestamps with old_json/new_json): the client's word, not the server's history. */
    client_reported: boolean("client_reported").notNull().default(false),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deleted_at: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("user_timestamps_company_idx").on(t.company_id, t.deleted_at, t.created_at),
    // The list's user filter.
    index("user_timestamps_user_idx").on(t.company_id, t.user_id, t.created_at),
    // A client's page-time entry is small; the database refuses anything larger whatever the caller checked.
    check(
      "user_timestamps_json_size_ck",
      sql`coalesce(octet_length(${t.old_json}::text), 0) + coalesce(octet_length(${t.new_json}::text), 0) <= 8192`,
    ),
  ],
);

export type Company = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
export type User = typeof users.$inferSelect;
