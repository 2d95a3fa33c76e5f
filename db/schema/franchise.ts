import { index, pgTable, serial, varchar } from "drizzle-orm/pg-core";
import { tenantColumns } from "./columns";

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
