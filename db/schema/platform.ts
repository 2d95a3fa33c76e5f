import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigserial,
  boolean,
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

export { DEFAULT_FRANCHISEE_COLOR, DEFAULT_STAFF_COLOR };

type Col = AnyPgColumn;

/**
 * The text a list's search matches, one expression per table: its trigram index is built on exactly this
 * expression, so `ilike '%term%'` on it uses the index (lib/platform/lists.ts, ListSpec.searchText).
 */
export const companiesSearchText = (t: { name: Col; email: Col; admin_name: Col; phone: Col; city: Col }) =>
  sql`(${t.name} || ' ' || ${t.email} || ' ' || coalesce(${t.admin_name}, '') || ' ' || ${t.phone} || ' ' || coalesce(${t.city}, ''))`;

export const usersSearchText = (t: {
  first_name: Col;
  last_name: Col;
  email: Col;
  phone: Col;
  employee_code: Col;
}) =>
  sql`(${t.first_name} || ' ' || ${t.last_name} || ' ' || ${t.email} || ' ' || coalesce(${t.phone}, '') || ' ' || coalesce(${t.employee_code}, ''))`;

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
  ],
);

export const roles = pgTable("roles", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 100 }).notNull(),
  ...lifecycleColumns(),
});

export const modules = pgTable("modules", {
  id: serial("id").primaryKey(),
  name: varchar("name", { length: 100 }).notNull(),
  ...lifecycleColumns(),
});

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
    role_id: integer("role_id").notNull().default(3),
    ...tenantColumns(),
  },
  (t) => [index("positions_company_idx").on(t.company_id, t.deleted_at, t.name)],
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

/** Minimal franchisee: the franchise issue completes it. */
export const franchisees = pgTable(
  "franchisees",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 200 }).notNull(),
    ...tenantColumns(),
  },
  (t) => [index("franchisees_company_idx").on(t.company_id, t.deleted_at, t.name)],
);

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    // Home company; null for SUPER ADMIN and BACKEND ADMIN, who act on a company they choose.
    company_id: integer("company_id"),
    role_id: integer("role_id").notNull(),
    position_id: integer("position_id"),
    franchisee_id: integer("franchisee_id"),
    upline_user_id: integer("upline_user_id"),
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
    index("users_franchisee_idx").on(t.company_id, t.franchisee_id),
    index("users_position_idx").on(t.company_id, t.position_id),
    index("users_search_idx").using("gin", sql`${usersSearchText(t)} gin_trgm_ops`),
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

/** Append-only: written in the same transaction as the change, never updated. */
export const auditRecords = pgTable(
  "audit_records",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    company_id: integer("company_id"),
    actor_id: integer("actor_id"),
    entity: varchar("entity", { length: 80 }).notNull(),
    entity_id: integer("entity_id"),
    action: varchar("action", { length: 30 }).notNull(),
    old_json: jsonb("old_json"),
    new_json: jsonb("new_json"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_entity_idx").on(t.entity, t.entity_id, t.created_at),
    index("audit_company_idx").on(t.company_id, t.created_at),
  ],
);

export const userTimestamps = pgTable(
  "user_timestamps",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    company_id: integer("company_id"),
    user_id: integer("user_id").notNull(),
    from_path: varchar("from_path", { length: 500 }).notNull(),
    from_name: varchar("from_name", { length: 200 }),
    timespent: integer("timespent"),
    old_json: jsonb("old_json"),
    new_json: jsonb("new_json"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deleted_at: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [index("user_timestamps_company_idx").on(t.company_id, t.deleted_at, t.created_at)],
);

export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    company_id: integer("company_id"),
    user_id: integer("user_id").notNull(),
    title: varchar("title", { length: 200 }).notNull(),
    body: text("body"),
    link: varchar("link", { length: 500 }),
    read_at: timestamp("read_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("notifications_user_idx").on(t.user_id, t.read_at, t.created_at)],
);

export const storedFiles = pgTable(
  "stored_files",
  {
    id: serial("id").primaryKey(),
    company_id: integer("company_id"),
    key: varchar("key", { length: 500 }).notNull(),
    original_name: varchar("original_name", { length: 300 }),
    content_type: varchar("content_type", { length: 100 }).notNull(),
    size: integer("size").notNull(),
    created_by: integer("created_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("stored_files_key_uq").on(t.key)],
);

export const apiTokens = pgTable(
  "api_tokens",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    token_hash: varchar("token_hash", { length: 128 }).notNull(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    revoked_at: timestamp("revoked_at", { withTimezone: true }),
    last_used_at: timestamp("last_used_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("api_tokens_hash_uq").on(t.token_hash), index("api_tokens_user_idx").on(t.user_id)],
);

/** Failed and successful sign-in and reset attempts, by account email: the lockout counts these. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: varchar("email", { length: 200 }).notNull(),
    kind: varchar("kind", { length: 20 }).notNull(),
    success: boolean("success").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("login_attempts_email_idx").on(t.email, t.created_at)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    code_hash: varchar("code_hash", { length: 128 }).notNull(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
    verified_at: timestamp("verified_at", { withTimezone: true }),
    used_at: timestamp("used_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("password_resets_user_idx").on(t.user_id, t.created_at)],
);

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    to: varchar("to", { length: 300 }).notNull(),
    subject: varchar("subject", { length: 300 }).notNull(),
    text: text("text").notNull(),
    html: text("html"),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    error: text("error"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_outbox_to_idx").on(t.to, t.created_at)],
);

export type Company = typeof companies.$inferSelect;
export type NewCompany = typeof companies.$inferInsert;
export type User = typeof users.$inferSelect;
