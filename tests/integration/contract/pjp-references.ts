import { pjpReferenceOutlets, pjpReferences } from "@/db/schema";
import { happy, loadHappy, pjpOutletOf, pjpUserOf } from "./pjps";
import type { Env, Sample } from "./types";

let n = 0;
/** A fresh PJP reference of a company with one outlet. */
async function someReference(e: Env, companyId: number): Promise<number> {
  const [r] = await e.db
    .insert(pjpReferences)
    .values({
      company_id: companyId,
      name: `Contract Reference ${++n}`,
      user_id: await pjpUserOf(e, companyId),
      day: "Tuesday",
      week: "EVEN",
    })
    .returning({ id: pjpReferences.id });
  await e.db
    .insert(pjpReferenceOutlets)
    .values({ pjp_reference_id: r.id, outlet_id: await pjpOutletOf(e, companyId) });
  return r.id;
}

const spare = { del: 0 };

export const pjpReferencesSamples: Record<string, Sample> = {
  "GET pjp_references/masters": { path: () => "pjp_references/masters" },
  "GET pjp_references": {
    path: async (e) =>
      `pjp_references?page=1&rowsPerPage=5&is_active=1&user_id=${await pjpUserOf(e, e.happyId)}`,
  },
  "GET pjp_reference_exports": { path: () => "pjp_reference_exports?search_keyword=round" },
  "POST pjp_references": {
    before: loadHappy,
    path: () => "pjp_references",
    body: () => ({
      name: `Contract Reference Post ${++n}`,
      location: "Bandra",
      user_id: happy.user,
      day: "Friday",
      week: "ODD",
      pjp_reference_outlets: [{ outlet_id: happy.outlet }],
    }),
  },
  "GET pjp_references/:id": {
    path: async (e) => `pjp_references/${await someReference(e, e.happyId)}`,
    foreign: async (e) => `pjp_references/${await someReference(e, e.wagId)}`,
  },
  "POST pjp_references/delete/:id": {
    before: async (e) => void (spare.del = await someReference(e, e.happyId)),
    path: () => `pjp_references/delete/${spare.del || 1}`,
    foreign: async (e) => `pjp_references/delete/${await someReference(e, e.wagId)}`,
  },
};
