import { index, integer, jsonb, pgTable, serial, timestamp, varchar } from "drizzle-orm/pg-core";

/**
 * The bulk-upload staging area (spec 000 §2.9, /api crud_users): rows of an uploaded spreadsheet waiting to be
 * processed or discarded. Each uploader has their own staging area within the company they act for.
 * `errors` holds the row's field errors (field → message), from the same schema the user form uses.
 */
export const stagedUsers = pgTable(
  "staged_users",
  {
    id: serial("id").primaryKey(),
    company_id: integer("company_id").notNull(),
    uploaded_by: integer("uploaded_by").notNull(),
    row_no: integer("row_no").notNull(),
    first_name: varchar("first_name", { length: 300 }),
    middle_name: varchar("middle_name", { length: 300 }),
    last_name: varchar("last_name", { length: 300 }),
    email: varchar("email", { length: 300 }),
    phone: varchar("phone", { length: 100 }),
    position: varchar("position", { length: 300 }),
    upline_user: varchar("upline_user", { length: 300 }),
    errors: jsonb("errors").$type<Record<string, string>>(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staged_users_owner_idx").on(t.company_id, t.uploaded_by, t.row_no)],
);

export type StagedUser = typeof stagedUsers.$inferSelect;

/**
 * The staging area of every spreadsheet upload (lib/platform/staged-upload.ts): one row per spreadsheet row,
 * its values as typed (`data`) and its field errors from the entity's own schema. Each uploader has their own
 * staging area per kind (e.g. "users", "pjps") within the company they act for.
 */
export const stagedRows = pgTable(
  "staged_rows",
  {
    id: serial("id").primaryKey(),
    company_id: integer("company_id").notNull(),
    uploaded_by: integer("uploaded_by").notNull(),
    kind: varchar("kind", { length: 50 }).notNull(),
    row_no: integer("row_no").notNull(),
    data: jsonb("data").$type<Record<string, string | null>>().notNull(),
    errors: jsonb("errors").$type<Record<string, string>>(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staged_rows_owner_idx").on(t.company_id, t.uploaded_by, t.kind, t.row_no)],
);

export type StagedRow = typeof stagedRows.$inferSelect;
