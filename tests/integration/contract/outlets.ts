import { and, asc, eq, isNull } from "drizzle-orm";
import { outlets } from "@/db/schema";
import type { Env, Sample } from "./types";

/** The first live (seeded) outlet of a company. */
export async function outletOf(e: Env, companyId: number): Promise<number> {
  const [o] = await e.db
    .select({ id: outlets.id })
    .from(outlets)
    .where(and(eq(outlets.company_id, companyId), isNull(outlets.deleted_at)))
    .orderBy(asc(outlets.id))
    .limit(1);
  return o.id;
}

let n = 0;
/** A fresh outlet of a company nothing plans a visit to, so it may be deleted (or is already, when `deleted`). */
export async function spareOutlet(e: Env, companyId: number, deleted = false): Promise<number> {
  const [o] = await e.db
    .insert(outlets)
    .values({
      company_id: companyId,
      name: `Contract Outlet ${Date.now()} ${++n}`,
      brand: "Contract",
      deleted_at: deleted ? new Date() : null,
    })
    .returning({ id: outlets.id });
  return o.id;
}

const spare = { patch: 0, del: 0, restore: 0 };

export const outletsSamples: Record<string, Sample> = {
  "GET outlets": { path: () => "outlets?page=1&rowsPerPage=5&is_active=1&search_keyword=pet" },
  "GET outlet_exports": { path: () => "outlet_exports?search_keyword=pet" },
  "POST outlets": {
    path: () => "outlets",
    // The earlier client sends role_id 3: accepted and ignored.
    body: () => ({ name: `Contract Outlet ${Date.now()}`, brand: "Contract", role_id: 3 }),
  },
  "GET outlets/:id": {
    path: async (e) => `outlets/${await outletOf(e, e.happyId)}`,
    foreign: async (e) => `outlets/${await outletOf(e, e.wagId)}`,
  },
  "PATCH outlets/:id": {
    before: async (e) => void (spare.patch = await spareOutlet(e, e.happyId)),
    path: () => `outlets/${spare.patch || 1}`,
    body: () => ({ brand: "Contract Brand", is_active: 0 }),
    foreign: async (e) => `outlets/${await outletOf(e, e.wagId)}`,
  },
  "POST outlets/delete/:id": {
    before: async (e) => void (spare.del = await spareOutlet(e, e.happyId)),
    path: () => `outlets/delete/${spare.del || 1}`,
    foreign: async (e) => `outlets/delete/${await spareOutlet(e, e.wagId)}`,
  },
  "POST outlets/restore/:id": {
    before: async (e) => void (spare.restore = await spareOutlet(e, e.happyId, true)),
    path: () => `outlets/restore/${spare.restore || 1}`,
    foreign: (e) => `outlets/restore/${e.trash.outlet}`,
  },
};
