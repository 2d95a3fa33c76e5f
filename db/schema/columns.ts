import { integer, smallint, timestamp } from "drizzle-orm/pg-core";
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
