import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import { companies, roles, users } from "./admin";

// The kernel's own tables (lib/platform). Areas' tables live in db/schema/<area>.ts; db/schema/index.ts exports all.

/**
 * Append-only: written in the same transaction as the change, never updated. No foreign keys on purpose: the
 * history must outlive the company, user or record it describes.
 */
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

/**
 * A user's saved views (issue 25): a list's path with its filters in the URL, named, kept per user and company (the
 * command palette lists and saves them). Row-level security as every company table.
 */
export const userSavedViews = pgTable(
  "user_saved_views",
  {
    id: serial("id").primaryKey(),
    company_id: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    path: varchar("path", { length: 1000 }).notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_saved_views_name_uq").on(t.user_id, t.company_id, sql`lower(${t.name})`)],
);

/** A user's notifications; they go with the user (or the company they were raised in). */
export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    company_id: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    title: varchar("title", { length: 200 }).notNull(),
    body: text("body"),
    link: varchar("link", { length: 500 }),
    read_at: timestamp("read_at", { withTimezone: true }),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("notifications_user_idx").on(t.user_id, t.read_at, t.created_at),
    // A decision marks its item's unread notifications read (company, link): an index probe, not a scan.
    index("notifications_unread_link_idx")
      .on(t.company_id, t.link)
      .where(sql`${t.read_at} is null and ${t.link} is not null`),
    check("notifications_body_size_ck", sql`char_length(${t.body}) <= 10000`),
  ],
);

/**
 * Who owns each stored object. `entity`/`entity_id` name the record it belongs to (a registered entity): only callers
 * who may view that record read it (lib/platform/file-access.ts). Rows from before owners were recorded have none
 * and fall back to the company: a null company_id means "any signed-in user may read it", so a company's files go
 * with the company (cascade) rather than turning public (set null).
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    id: serial("id").primaryKey(),
    company_id: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    entity: varchar("entity", { length: 80 }),
    entity_id: integer("entity_id"),
    key: varchar("key", { length: 500 }).notNull(),
    original_name: varchar("original_name", { length: 300 }),
    content_type: varchar("content_type", { length: 100 }).notNull(),
    size: integer("size").notNull(),
    created_by: integer("created_by"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("stored_files_key_uq").on(t.key),
    index("stored_files_owner_idx").on(t.entity, t.entity_id),
    check("stored_files_owner_ck", sql`(${t.entity} is null) = (${t.entity_id} is null)`),
  ],
);

/**
 * The default grants (DEFAULT_ROLE_PERMISSIONS) the seed has applied, each once: a permission a release adds is
 * granted to its default roles at the next start, and a grant an admin removed afterwards is never given back.
 * By name, as the registry names permissions, so a permission record deleted and created again stays applied.
 */
export const defaultGrants = pgTable(
  "default_grants",
  {
    role_id: integer("role_id")
      .notNull()
      .references(() => roles.id, { onDelete: "cascade" }),
    permission_name: varchar("permission_name", { length: 150 }).notNull(),
    granted_at: timestamp("granted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.role_id, t.permission_name] })],
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
    /** The client address the attempt came from (lib/platform/client-address.ts); '' when unknown. */
    ip: varchar("ip", { length: 64 }).notNull().default(""),
    success: boolean("success").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("login_attempts_email_idx").on(t.email, t.created_at),
    index("login_attempts_ip_idx").on(t.ip, t.created_at),
    index("login_attempts_created_idx").on(t.created_at),
  ],
);

/**
 * Request budgets shared by every instance (lib/platform/rate-limit.ts): one row per key and fixed window,
 * counted up atomically with INSERT ... ON CONFLICT. Expired rows are pruned.
 */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: varchar("key", { length: 200 }).primaryKey(),
    points: integer("points").notNull(),
    expires_at: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_limits_expires_idx").on(t.expires_at)],
);

/**
 * The periodic jobs' last runs (lib/platform/scheduler.ts): an instance starts a job only when its period has passed
 * since `last_started_at`, claimed in one statement, so with several instances each job runs once per period.
 */
export const scheduledJobs = pgTable("scheduled_jobs", {
  name: varchar("name", { length: 100 }).primaryKey(),
  last_started_at: timestamp("last_started_at", { withTimezone: true }).notNull(),
  last_finished_at: timestamp("last_finished_at", { withTimezone: true }),
  last_ok: boolean("last_ok"),
});

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

/**
 * The staging area of every spreadsheet upload (lib/platform/staged-upload.ts): one row per spreadsheet row,
 * its values as typed (`data`) and its field errors from the entity's own schema. Each uploader has their own
 * staging area per kind (e.g. "users", "pjps") within the company they act for.
 */
export const stagedRows = pgTable(
  "staged_rows",
  {
    id: serial("id").primaryKey(),
    company_id: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    uploaded_by: integer("uploaded_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 50 }).notNull(),
    row_no: integer("row_no").notNull(),
    data: jsonb("data").$type<Record<string, string | null>>().notNull(),
    errors: jsonb("errors").$type<Record<string, string>>(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("staged_rows_owner_idx").on(t.company_id, t.uploaded_by, t.kind, t.row_no),
    // One spreadsheet row: its cells and errors stay small whatever the sheet held.
    check(
      "staged_rows_size_ck",
      sql`octet_length(${t.data}::text) + coalesce(octet_length(${t.errors}::text), 0) <= 65536`,
    ),
  ],
);

export type StagedRow = typeof stagedRows.$inferSelect;

/**
 * Creates answered once per Idempotency-Key (lib/platform/idempotency.ts): the caller's key, a hash of what was
 * asked (entity, company, body), and the first answer, written in the create's own transaction (the key row is
 * inserted first, so a concurrent duplicate waits on the primary key and then reads the answer: one record). Kept
 * 24 hours, then pruned by the hourly prune. company_id is the acting company (null for a platform-wide entity).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: varchar("key", { length: 255 }).notNull(),
    company_id: integer("company_id").references(() => companies.id, { onDelete: "cascade" }),
    request_hash: varchar("request_hash", { length: 64 }).notNull(),
    entity: varchar("entity", { length: 80 }).notNull(),
    record_id: integer("record_id"),
    /** The first answer's JSON text, byte for byte (null while its transaction runs). */
    response: text("response"),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.key] }),
    index("idempotency_keys_created_idx").on(t.created_at),
  ],
);

/**
 * Figures kept per company and per franchisee (statistic cards, homes), so reading one costs a few rows however big
 * the tables they count. `franchisee_id` 0 is the company's whole figure; a row per franchisee beside it serves a
 * franchisee's member. Written by triggers on the counted tables, in the same transaction as the change
 * (migration 0021_company_figures: bump_company_figure), so a figure is never behind its rows; read through
 * lib/platform/figures.ts. No foreign key to companies: purging a company deletes its counted rows by cascade, and
 * their triggers must still be able to write here while it goes.
 */
export const companyFigures = pgTable(
  "company_figures",
  {
    company_id: integer("company_id").notNull(),
    franchisee_id: integer("franchisee_id").notNull().default(0),
    figure: varchar("figure", { length: 100 }).notNull(),
    value: numeric("value", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.franchisee_id, t.figure] })],
);
