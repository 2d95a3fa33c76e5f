import { sql, type SQL } from "drizzle-orm";
import { type AnyPgColumn, index, integer, smallint, timestamp } from "drizzle-orm/pg-core";
// A cycle (admin.ts uses these columns), harmless: `companies` is read only inside the lazy reference, and the
// helpers are function declarations, initialised before any module body runs.
import { companies } from "./admin";

/**
 * Columns every company-owned table carries: tenant (a foreign key to companies; hard-deleting a company purges
 * its rows, soft delete is what the app does), active flag (1/0 as the spec), audit stamps, soft delete.
 */
export function tenantColumns() {
  return {
    company_id: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    ...lifecycleColumns(),
  };
}

/**
 * Active flag, timestamps and soft-delete columns for tables that are not owned by one company.
 * created_by/updated_by/deleted_by have no foreign key on purpose: they are stamps, not relations, and a key would
 * block deleting a user who ever touched a row and slow every bulk load with one more check per row.
 */
export function lifecycleColumns() {
  return {
    is_active: smallint("is_active").notNull().default(1),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    created_by: integer("created_by"),
    updated_by: integer("updated_by"),
    deleted_at: timestamp("deleted_at", { withTimezone: true }),
    deleted_by: integer("deleted_by"),
  };
}

/** Columns by name, for a search expression written over a table's columns before the table exists. */
export type SearchCols<K extends string> = Record<K, AnyPgColumn>;

/**
 * The text a list's search matches: the columns joined by spaces, NULL as empty. The table's trigram index
 * (searchIndex) and the list's `searchText` are built from the same call, so `ilike '%term%'` on it reads the index
 * (only immutable operators: `||` and coalesce, never concat_ws).
 */
export const searchTextOf = (...cols: AnyPgColumn[]): SQL =>
  sql`(${sql.join(
    cols.map((c) => (c.notNull ? sql`${c}` : sql`coalesce(${c}, '')`)),
    sql` || ' ' || `,
  )})`;

/** A trigram (pg_trgm GIN) index on a search expression: substring search by `ilike` without reading the table. */
export const searchIndex = (name: string, text: SQL) => index(name).using("gin", sql`${text} gin_trgm_ops`);
