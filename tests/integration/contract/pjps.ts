import { and, asc, eq, isNull } from "drizzle-orm";
import { outlets, pjpOutlets, pjps, users } from "@/db/schema";
import { ROLE_IDS } from "@/lib/platform/permissions";
import type { Env, Sample } from "./types";

/** The first live, active role-USER user of a company (the PJP forms' users). */
export async function pjpUserOf(e: Env, companyId: number): Promise<number> {
  const [u] = await e.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.company_id, companyId),
        eq(users.role_id, ROLE_IDS.USER),
        isNull(users.deleted_at),
        eq(users.is_active, 1),
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  return u.id;
}

/** The first live, active outlet of a company. */
export async function pjpOutletOf(e: Env, companyId: number): Promise<number> {
  const [o] = await e.db
    .select({ id: outlets.id })
    .from(outlets)
    .where(and(eq(outlets.company_id, companyId), isNull(outlets.deleted_at), eq(outlets.is_active, 1)))
    .orderBy(asc(outlets.id))
    .limit(1);
  return o.id;
}

let n = 0;
/** A fresh PJP of a company (deleted when asked), on a date of 2031 no other sample uses. */
async function somePjp(e: Env, companyId: number, deleted = false): Promise<number> {
  const [p] = await e.db
    .insert(pjps)
    .values({
      company_id: companyId,
      name: `Contract Pjp ${++n}`,
      user_id: await pjpUserOf(e, companyId),
      date: "2031-03-10",
      deleted_at: deleted ? new Date() : null,
    })
    .returning({ id: pjps.id });
  await e.db.insert(pjpOutlets).values({ pjp_id: p.id, outlet_id: await pjpOutletOf(e, companyId) });
  return p.id;
}

const spare = { del: 0, restore: 0 };
/** Filled by the valid calls' `before`: a user and an outlet of Happy Paws (bodies are built synchronously). */
export const happy = { user: 0, outlet: 0 };
export const loadHappy = async (e: Env) => {
  happy.user = await pjpUserOf(e, e.happyId);
  happy.outlet = await pjpOutletOf(e, e.happyId);
};

export const pjpsSamples: Record<string, Sample> = {
  "GET pjps/masters": { path: () => "pjps/masters?requirements=pjp_references" },
  "GET pjps": {
    before: async (e) => {
      await somePjp(e, e.happyId);
      await somePjp(e, e.happyId);
    },
    path: () => "pjps?page=1&rowsPerPage=5&month_year=2031-03&is_active=1&search_keyword=contract",
  },
  "GET pjp_exports": { path: () => "pjp_exports?month_year=2031-03" },
  "POST pjps": {
    before: loadHappy,
    path: () => "pjps",
    body: () => ({
      name: `Contract Pjp Post ${++n}`,
      location: "Andheri",
      user_id: happy.user,
      date: "2031-04-01",
      description: "Contract",
      pjp_outlets: [{ outlet_id: happy.outlet }],
    }),
  },
  "GET pjps/:id": {
    path: async (e) => `pjps/${await somePjp(e, e.happyId)}`,
    foreign: async (e) => `pjps/${await somePjp(e, e.wagId)}`,
  },
  "POST pjps/delete/:id": {
    before: async (e) => void (spare.del = await somePjp(e, e.happyId)),
    path: () => `pjps/delete/${spare.del || 1}`,
    foreign: async (e) => `pjps/delete/${await somePjp(e, e.wagId)}`,
  },
  "POST pjps/restore/:id": {
    before: async (e) => void (spare.restore = await somePjp(e, e.happyId, true)),
    path: () => `pjps/restore/${spare.restore || 1}`,
    foreign: (e) => `pjps/restore/${e.trash.pjp}`,
  },
  "POST pjps/copy_pjp_from_reference": {
    before: loadHappy,
    path: () => "pjps/copy_pjp_from_reference",
    body: () => ({ user_id: happy.user, month_year: "2031-05" }),
  },
  "POST pjps/copy_pjp_from_prev_month": {
    before: loadHappy,
    path: () => "pjps/copy_pjp_from_prev_month",
    body: () => ({ user_id: happy.user, month_year: "2031-04" }),
  },
};
