import { and, eq, isNull } from "drizzle-orm";
import { positions } from "@/db/schema";
import type { Env, Sample } from "./types";

/** A live position of a company, by name (the demo seeds CUSTOMER, FRANCHISEE STAFF, ... in each company). */
async function positionOf(e: Env, companyId: number, name = "CUSTOMER"): Promise<number> {
  const [p] = await e.db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.company_id, companyId), eq(positions.name, name), isNull(positions.deleted_at)));
  return p.id;
}

/** A fresh position of Happy Paws nobody holds, so it may be deleted. */
async function sparePosition(e: Env, name: string, deleted = false): Promise<number> {
  const [p] = await e.db
    .insert(positions)
    .values({ company_id: e.happyId, name, role_id: 3, deleted_at: deleted ? new Date() : null })
    .returning({ id: positions.id });
  return p.id;
}

// The valid call's `before` makes the record; the 401/403 checks run before it and never reach the record.
const spare = { deleteId: 0, restoreId: 0 };

export const positionsSamples: Record<string, Sample> = {
  "GET positions": { path: () => "positions?page=1&rowsPerPage=5&is_active=1&search_keyword=a" },
  "GET positions/masters": { customerDenied: true, path: () => "positions/masters" },
  "GET positions/:id": {
    path: async (e) => `positions/${await positionOf(e, e.happyId)}`,
    foreign: async (e) => `positions/${await positionOf(e, e.wagId)}`,
  },
  "POST positions": {
    customerDenied: true,
    path: () => "positions",
    body: () => ({ name: "Contract Position", is_active: 1, position_permissions: [] }),
  },
  "POST positions/delete/:id": {
    path: () => `positions/delete/${spare.deleteId}`,
    foreign: async (e) => `positions/delete/${await positionOf(e, e.wagId)}`,
    before: async (e) => void (spare.deleteId = await sparePosition(e, "Contract Spare Delete")),
  },
  "POST positions/restore/:id": {
    path: () => `positions/restore/${spare.restoreId}`,
    foreign: (e) => `positions/restore/${e.trash.position}`,
    before: async (e) => void (spare.restoreId = await sparePosition(e, "Contract Spare Restore", true)),
  },
};
