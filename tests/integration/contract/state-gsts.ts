import { and, asc, eq, isNull, notInArray } from "drizzle-orm";
import { stateGsts, states } from "@/db/schema";
import type { Env, Sample } from "./types";

/** The first live (seeded) GST rate of a company. */
async function gstOf(e: Env, companyId: number): Promise<number> {
  const [g] = await e.db
    .select({ id: stateGsts.id })
    .from(stateGsts)
    .where(and(eq(stateGsts.company_id, companyId), isNull(stateGsts.deleted_at)))
    .orderBy(asc(stateGsts.id))
    .limit(1);
  return g.id;
}

/** A state the company has no live rate for (each call takes another one). */
export async function freeState(e: Pick<Env, "db">, companyId: number): Promise<number> {
  const taken = await e.db
    .select({ state: stateGsts.state })
    .from(stateGsts)
    .where(and(eq(stateGsts.company_id, companyId), isNull(stateGsts.deleted_at)));
  const [s] = await e.db
    .select({ id: states.id })
    .from(states)
    .where(
      taken.length
        ? notInArray(
            states.id,
            taken.map((t) => t.state),
          )
        : undefined,
    )
    .orderBy(asc(states.id))
    .limit(1);
  return s.id;
}

/** A fresh rate of a company on a free state (deleted when `deleted`, which frees the state again). */
async function spareGst(e: Env, companyId: number, deleted = false): Promise<number> {
  const [g] = await e.db
    .insert(stateGsts)
    .values({
      company_id: companyId,
      state: await freeState(e, companyId),
      gst: 12.5,
      deleted_at: deleted ? new Date() : null,
    })
    .returning({ id: stateGsts.id });
  return g.id;
}

const spare = { state: 0, patch: 0, del: 0, restore: 0 };

export const stateGstsSamples: Record<string, Sample> = {
  "GET state_gsts": {
    path: () => "state_gsts?page=1&rowsPerPage=5&show_deleted=0&is_active=1&state=&search_keyword=a",
  },
  "GET state_gst_exports": { path: () => "state_gst_exports?search_keyword=a" },
  "POST state_gsts": {
    before: async (e) => void (spare.state = await freeState(e, e.happyId)),
    path: () => "state_gsts",
    body: () => ({ state: spare.state, gst_date: "", description: "", is_recurring: 0, gst: "18" }),
  },
  "GET state_gsts/:id": {
    path: async (e) => `state_gsts/${await gstOf(e, e.happyId)}`,
    foreign: async (e) => `state_gsts/${await gstOf(e, e.wagId)}`,
  },
  "PATCH state_gsts/:id": {
    before: async (e) => void (spare.patch = await spareGst(e, e.happyId)),
    path: () => `state_gsts/${spare.patch || 1}`,
    body: () => ({ gst: 5, is_active: 0 }),
    foreign: async (e) => `state_gsts/${await gstOf(e, e.wagId)}`,
  },
  "POST state_gsts/delete/:id": {
    before: async (e) => void (spare.del = await spareGst(e, e.happyId)),
    path: () => `state_gsts/delete/${spare.del || 1}`,
    foreign: async (e) => `state_gsts/delete/${await spareGst(e, e.wagId)}`,
  },
  "POST state_gsts/restore/:id": {
    before: async (e) => void (spare.restore = await spareGst(e, e.happyId, true)),
    path: () => `state_gsts/restore/${spare.restore || 1}`,
    foreign: (e) => `state_gsts/restore/${e.trash.state_gst}`,
  },
};
