import { and, asc, eq, isNull } from "drizzle-orm";
import { services, valueLists, values } from "@/db/schema";
import { SERVICE_TYPES_VALUE } from "@/lib/operations/master-names";
import type { Env, Sample } from "./types";

/** The first live "SERVICE TYPES" row of a company (the service form's type). */
export async function serviceTypeOf(e: Pick<Env, "db">, companyId: number): Promise<number> {
  const [t] = await e.db
    .select({ id: valueLists.id })
    .from(valueLists)
    .innerJoin(values, eq(values.id, valueLists.value_id))
    .where(
      and(
        eq(valueLists.company_id, companyId),
        eq(values.name, SERVICE_TYPES_VALUE),
        isNull(valueLists.deleted_at),
      ),
    )
    .orderBy(asc(valueLists.id))
    .limit(1);
  return t.id;
}

/** The first live (seeded) service of a company. */
export async function serviceOf(e: Pick<Env, "db">, companyId: number): Promise<number> {
  const [s] = await e.db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.company_id, companyId), isNull(services.deleted_at)))
    .orderBy(asc(services.id))
    .limit(1);
  return s.id;
}

let n = 0;
/** A fresh service of a company (deleted when `deleted`). */
async function spareService(e: Env, companyId: number, deleted = false): Promise<number> {
  const [s] = await e.db
    .insert(services)
    .values({
      company_id: companyId,
      name: `Contract Service ${Date.now()} ${++n}`,
      deleted_at: deleted ? new Date() : null,
    })
    .returning({ id: services.id });
  return s.id;
}

const spare = { patch: 0, del: 0, restore: 0, type: 0 };

export const servicesSamples: Record<string, Sample> = {
  "GET services": { path: () => "services?page=1&rowsPerPage=5&is_active=1&search_keyword=walk" },
  "GET service_exports": { path: () => "service_exports?search_keyword=walk" },
  "POST services": {
    before: async (e) => void (spare.type = await serviceTypeOf(e, e.happyId)),
    path: () => "services",
    body: () => ({
      name: `Contract Service ${Date.now()} ${++n}`,
      brand: "Contract",
      service_type_id: spare.type,
      start_time: "07:00",
      end_time: "09:30",
      max_distance_km: 2.5,
      min_pet_age: 1,
      max_pet_age: 12,
    }),
  },
  "GET services/:id": {
    path: async (e) => `services/${await serviceOf(e, e.happyId)}`,
    foreign: async (e) => `services/${await serviceOf(e, e.wagId)}`,
  },
  "PATCH services/:id": {
    before: async (e) => void (spare.patch = await spareService(e, e.happyId)),
    path: () => `services/${spare.patch || 1}`,
    body: () => ({ brand: "Contract Brand", is_active: 0 }),
    foreign: async (e) => `services/${await serviceOf(e, e.wagId)}`,
  },
  "POST services/delete/:id": {
    before: async (e) => void (spare.del = await spareService(e, e.happyId)),
    path: () => `services/delete/${spare.del || 1}`,
    foreign: async (e) => `services/delete/${await spareService(e, e.wagId)}`,
  },
  "POST services/restore/:id": {
    before: async (e) => void (spare.restore = await spareService(e, e.happyId, true)),
    path: () => `services/restore/${spare.restore || 1}`,
    foreign: (e) => `services/restore/${e.trash.service}`,
  },
  "GET services/:id/service_users": {
    path: async (e) => `services/${await serviceOf(e, e.happyId)}/service_users?page=1&rowsPerPage=5`,
    foreign: async (e) => `services/${await serviceOf(e, e.wagId)}/service_users`,
  },
};
