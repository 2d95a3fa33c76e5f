import { and, asc, eq, isNull } from "drizzle-orm";
import { outletUsers, users } from "@/db/schema";
import { ROLE_IDS } from "@/lib/platform/permissions";
import { outletOf, spareOutlet } from "./outlets";
import type { Env, Sample } from "./types";

/** The first live outlet user of a company (the demo assigns staff to every outlet). */
async function outletUserOf(e: Env, companyId: number): Promise<number> {
  const [r] = await e.db
    .select({ id: outletUsers.id })
    .from(outletUsers)
    .where(and(eq(outletUsers.company_id, companyId), isNull(outletUsers.deleted_at)))
    .orderBy(asc(outletUsers.id))
    .limit(1);
  return r.id;
}

/** A live, active role-USER user of a company. */
async function userOf(e: Env, companyId: number): Promise<number> {
  const [u] = await e.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.company_id, companyId),
        eq(users.role_id, ROLE_IDS.USER),
        eq(users.is_active, 1),
        isNull(users.deleted_at),
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  return u.id;
}

/** A fresh assignment on a fresh outlet (so no period overlaps), for the calls that change or remove one. */
async function spareAssignment(e: Env, companyId: number): Promise<number> {
  const outlet_id = await spareOutlet(e, companyId);
  const [r] = await e.db
    .insert(outletUsers)
    .values({
      company_id: companyId,
      outlet_id,
      user_id: await userOf(e, companyId),
      start_date: "2026-01-01",
    })
    .returning({ id: outletUsers.id });
  return r.id;
}

const spare = { outlet: 0, user: 0, patch: 0, del: 0 };

export const outletUsersSamples: Record<string, Sample> = {
  "GET outlets/:outletId/outlet_users": {
    path: async (e) =>
      `outlets/${await outletOf(e, e.happyId)}/outlet_users?page=1&rowsPerPage=5&is_active=1`,
    foreign: async (e) => `outlets/${await outletOf(e, e.wagId)}/outlet_users`,
  },
  "GET outlet_users/masters": { path: () => "outlet_users/masters" },
  "GET outlet_user_exports": {
    path: async (e) => `outlet_user_exports?outlet_id=${await outletOf(e, e.happyId)}`,
  },
  "POST outlet_users": {
    before: async (e) => {
      spare.outlet = await spareOutlet(e, e.happyId);
      spare.user = await userOf(e, e.happyId);
    },
    path: () => "outlet_users",
    body: () => ({ outlet_id: spare.outlet, user_id: spare.user, start_date: "2026-05-01", end_date: null }),
  },
  "GET outlet_users/:id": {
    path: async (e) => `outlet_users/${await outletUserOf(e, e.happyId)}`,
    foreign: async (e) => `outlet_users/${await outletUserOf(e, e.wagId)}`,
  },
  "PATCH outlet_users/:id": {
    before: async (e) => void (spare.patch = await spareAssignment(e, e.happyId)),
    path: () => `outlet_users/${spare.patch || 1}`,
    body: () => ({ end_date: "2026-12-31", is_active: 1 }),
    foreign: async (e) => `outlet_users/${await outletUserOf(e, e.wagId)}`,
  },
  "POST outlet_users/delete/:id": {
    before: async (e) => void (spare.del = await spareAssignment(e, e.happyId)),
    path: () => `outlet_users/delete/${spare.del || 1}`,
    foreign: async (e) => `outlet_users/delete/${await spareAssignment(e, e.wagId)}`,
  },
};
