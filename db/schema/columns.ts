import { integer, smallint, timestamp } from "drizzle-orm/pg-core";

/** Columns every company-owned table carries: tenant, active flag (1/0 as the spec), audit stamps, soft delete. */
export const tenantColumns = () => ({
  company_id: integer("company_id").notNull(),
  ...lifecycleColumns(),
});

/** Active flag, timestamps and soft-delete columns for tables that are not owned by one company. */
export const lifecycleColumns = () => ({
  is_active: smallint("is_active").notNull().default(1),
  created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  created_by: integer("created_by"),
  updated_by: integer("updated_by"),
  deleted_at: timestamp("deleted_at", { withTimezone: true }),
  deleted_by: integer("deleted_by"),
});
