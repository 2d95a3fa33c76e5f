import { and, asc, eq, isNull } from "drizzle-orm";
import { franchisees, valueLists, values } from "@/db/schema";
import { ZONES_VALUE } from "@/lib/franchise/master-rows";
import type { Env, Sample } from "./types";

/** The first live "ZONES" row of a company. */
export async function zoneOf(e: Pick<Env, "db">, companyId: number): Promise<number> {
  const [z] = await e.db
    .select({ id: valueLists.id })
    .from(valueLists)
    .innerJoin(values, eq(values.id, valueLists.value_id))
    .where(
      and(eq(valueLists.company_id, companyId), eq(values.name, ZONES_VALUE), isNull(valueLists.deleted_at)),
    )
    .orderBy(asc(valueLists.id))
    .limit(1);
  return z.id;
}

let n = 0;
/** A fresh franchisee of a company (deleted when `deleted`). */
async function spareFranchisee(e: Env, companyId: number, deleted = false): Promise<number> {
  const [f] = await e.db
    .insert(franchisees)
    .values({
      company_id: companyId,
      name: `Contract Franchisee ${Date.now()} ${++n}`,
      deleted_at: deleted ? new Date() : null,
    })
    .returning({ id: franchisees.id });
  return f.id;
}

const spare = { get: 0, patch: 0, del: 0, restore: 0, zone: 0, approve: 0, reject: 0 };

export const franchiseesSamples: Record<string, Sample> = {
  "GET franchisees": {
    path: () =>
      "franchisees?page=1&rowsPerPage=5&role_id=4&show_deleted=0&is_active=1&status=1&is_kyc_valid=0&search_keyword=a",
  },
  "GET franchisee_exports": { path: () => "franchisee_exports?search_keyword=a" },
  "GET franchisees/excel_export": {
    path: () => "franchisees/excel_export?role_id=4&is_active=1&position_id=1&search_keyword=a",
  },
  "POST franchisees": {
    before: async (e) => void (spare.zone = await zoneOf(e, e.happyId)),
    path: () => "franchisees",
    body: () => ({
      name: `Contract Franchisee ${Date.now()} ${++n}`,
      email: `contract.franchisee.${Date.now()}.${n}@franchise.test`,
      phone: "+91 98200 12345",
      address: "1 Contract Road",
      description: "Contract sample",
      latitude: 19.1,
      longitude: 72.8,
      zone_id: spare.zone,
      start_time: "09:00",
      end_time: "18:30",
    }),
  },
  "GET franchisees/:id": {
    before: async (e) => void (spare.get = await spareFranchisee(e, e.happyId)),
    path: () => `franchisees/${spare.get || 1}`,
    foreign: async (e) => `franchisees/${await spareFranchisee(e, e.wagId)}`,
  },
  "PATCH franchisees/:id": {
    before: async (e) => {
      spare.patch = await spareFranchisee(e, e.happyId);
      spare.zone = await zoneOf(e, e.happyId);
    },
    path: () => `franchisees/${spare.patch || 1}`,
    body: () => ({ zone_id: spare.zone }),
    foreign: async (e) => `franchisees/${await spareFranchisee(e, e.wagId)}`,
  },
  "POST franchisees/delete/:id": {
    before: async (e) => void (spare.del = await spareFranchisee(e, e.happyId)),
    path: () => `franchisees/delete/${spare.del || 1}`,
    foreign: async (e) => `franchisees/delete/${await spareFranchisee(e, e.wagId)}`,
  },
  "POST franchisees/restore/:id": {
    before: async (e) => void (spare.restore = await spareFranchisee(e, e.happyId, true)),
    path: () => `franchisees/restore/${spare.restore || 1}`,
    foreign: (e) => `franchisees/restore/${e.trash.franchisee}`,
  },
  "POST franchisees/approve/:id": {
    before: async (e) => void (spare.approve = await spareFranchisee(e, e.happyId)),
    path: () => `franchisees/approve/${spare.approve || 1}`,
    body: () => ({}),
    foreign: async (e) => `franchisees/approve/${await spareFranchisee(e, e.wagId)}`,
  },
  "POST franchisees/reject/:id": {
    before: async (e) => void (spare.reject = await spareFranchisee(e, e.happyId)),
    path: () => `franchisees/reject/${spare.reject || 1}`,
    body: () => ({ rejection_reason: "Outside the service area" }),
    foreign: async (e) => `franchisees/reject/${await spareFranchisee(e, e.wagId)}`,
  },
};
