import { and, asc, eq, isNull } from "drizzle-orm";
import { values } from "@/db/schema";
import type { Env, Sample } from "./types";

/** The first live (seeded) master value of a company: SERVICE TYPES in the demo. */
export async function valueOf(e: Env, companyId: number): Promise<number> {
  const [v] = await e.db
    .select({ id: values.id })
    .from(values)
    .where(and(eq(values.company_id, companyId), isNull(values.deleted_at)))
    .orderBy(asc(values.id))
    .limit(1);
  return v.id;
}

let n = 0;
/** A fresh master of a company, for the calls that change one. */
export async function spareValue(e: Env, companyId: number): Promise<number> {
  const [v] = await e.db
    .insert(values)
    .values({ company_id: companyId, name: `CONTRACT VALUE ${Date.now()} ${++n}` })
    .returning({ id: values.id });
  return v.id;
}

const spare = { patch: 0 };

export const valuesSamples: Record<string, Sample> = {
  "GET values": { path: () => "values?page=1&rowsPerPage=5&search_keyword=e" },
  "POST values": { path: () => "values", body: () => ({ name: `contract master ${Date.now()}` }) },
  "GET values/:id": {
    path: async (e) => `values/${await valueOf(e, e.happyId)}`,
    foreign: async (e) => `values/${await valueOf(e, e.wagId)}`,
  },
  "PATCH values/:id": {
    before: async (e) => void (spare.patch = await spareValue(e, e.happyId)),
    path: () => `values/${spare.patch || 1}`,
    body: () => ({ name: `contract renamed ${Date.now()}` }),
    foreign: async (e) => `values/${await valueOf(e, e.wagId)}`,
  },
};
