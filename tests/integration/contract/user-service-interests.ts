import { and, asc, eq, isNull } from "drizzle-orm";
import { services, userServiceInterests, users } from "@/db/schema";
import { ROLE_IDS } from "@/lib/platform/permissions";
import type { Env, Sample } from "./types";

let n = 0;
/** A fresh service of a company: every interest sample gets its own, so no two clash. */
async function spareService(e: Pick<Env, "db">, companyId: number): Promise<number> {
  const [s] = await e.db
    .insert(services)
    .values({ company_id: companyId, name: `Contract Interest Service ${Date.now()} ${++n}` })
    .returning({ id: services.id });
  return s.id;
}

/** A fresh interest of the company's first live app user (deleted when `deleted`). */
export async function spareInterest(e: Pick<Env, "db">, companyId: number, deleted = false): Promise<number> {
  const [u] = await e.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.company_id, companyId), eq(users.role_id, ROLE_IDS.USER), isNull(users.deleted_at)))
    .orderBy(asc(users.id))
    .limit(1);
  const [i] = await e.db
    .insert(userServiceInterests)
    .values({
      company_id: companyId,
      user_id: u.id,
      service_id: await spareService(e, companyId),
      deleted_at: deleted ? new Date() : null,
    })
    .returning({ id: userServiceInterests.id });
  return i.id;
}

const spare = { get: 0, patch: 0, del: 0, restore: 0, dashed: 0, service: 0, patchService: 0 };

export const userServiceInterestsSamples: Record<string, Sample> = {
  "GET user_service_interests": {
    path: () => "user_service_interests?page=1&rowsPerPage=5&search_keyword=walk",
  },
  "GET user_service_interest_exports": { path: () => "user_service_interest_exports?search_keyword=walk" },
  "POST user_service_interests": {
    // The caller's own interest (user_id defaults to the caller) in a fresh service.
    before: async (e) => void (spare.service = await spareService(e, e.happyId)),
    path: () => "user_service_interests",
    body: () => ({ service_id: spare.service }),
  },
  "GET user_service_interests/:id": {
    before: async (e) => void (spare.get = await spareInterest(e, e.happyId)),
    path: () => `user_service_interests/${spare.get || 1}`,
    foreign: async (e) => `user_service_interests/${await spareInterest(e, e.wagId)}`,
  },
  "PATCH user_service_interests/:id": {
    before: async (e) => {
      spare.patch = await spareInterest(e, e.happyId);
      spare.patchService = await spareService(e, e.happyId);
    },
    path: () => `user_service_interests/${spare.patch || 1}`,
    body: () => ({ service_id: spare.patchService, is_active: 0 }),
    foreign: async (e) => `user_service_interests/${await spareInterest(e, e.wagId)}`,
  },
  "POST user_service_interests/delete/:id": {
    before: async (e) => void (spare.del = await spareInterest(e, e.happyId)),
    path: () => `user_service_interests/delete/${spare.del || 1}`,
    foreign: async (e) => `user_service_interests/delete/${await spareInterest(e, e.wagId)}`,
  },
  "POST user_service_interests/restore/:id": {
    before: async (e) => void (spare.restore = await spareInterest(e, e.happyId, true)),
    path: () => `user_service_interests/restore/${spare.restore || 1}`,
    foreign: (e) => `user_service_interests/restore/${e.trash.user_service_interest}`,
  },
  "POST user-service-interests/restore/:id": {
    before: async (e) => void (spare.dashed = await spareInterest(e, e.happyId, true)),
    path: () => `user-service-interests/restore/${spare.dashed || 1}`,
    foreign: (e) => `user-service-interests/restore/${e.trash.user_service_interest}`,
  },
};
