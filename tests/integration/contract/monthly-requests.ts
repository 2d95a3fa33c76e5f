import { userAddresses, userMonthlyJobRequests, userPets, plans, users } from "@/db/schema";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import type { ActionEnv, ActionSample } from "./actions";
import type { Env, Sample } from "./types";

let n = 0;

/** A fresh customer of a company with one pet and one address, and a one-dog plan. */
async function customerParts(e: Pick<Env, "db">, companyId: number) {
  const t = `${Date.now().toString(36)}${++n}`;
  const [u] = await e.db
    .insert(users)
    .values({
      company_id: companyId,
      role_id: ROLE_IDS[ROLE.USER],
      first_name: "Contract",
      last_name: `Customer ${t}`,
      email: `contract.monthly.${t}@users.test`,
      password_hash: `!unset:monthly-${t}`,
    })
    .returning({ id: users.id });
  const [pet] = await e.db
    .insert(userPets)
    .values({ company_id: companyId, user_id: u.id, name: `Pet ${t}` })
    .returning({ id: userPets.id });
  const [address] = await e.db
    .insert(userAddresses)
    .values({ company_id: companyId, user_id: u.id, address: `${n} Contract Lane` })
    .returning({ id: userAddresses.id });
  const [plan] = await e.db
    .insert(plans)
    .values({ company_id: companyId, no_of_dogs: 1, no_of_walks: 1, original_amount: 3000, days: 30 })
    .returning({ id: plans.id });
  return { userId: u.id, petId: pet.id, addressId: address.id, planId: plan.id };
}

/**
 * A fresh monthly request of a company (pending; `decided`: the franchisee has approved it, the status pending;
 * `deleted`: in the trash).
 */
export async function spareMonthlyRequest(
  e: Pick<Env, "db">,
  companyId: number,
  o: { deleted?: boolean; decided?: boolean } = {},
): Promise<number> {
  const p = await customerParts(e, companyId);
  const [r] = await e.db
    .insert(userMonthlyJobRequests)
    .values({
      company_id: companyId,
      user_id: p.userId,
      user_address_id: p.addressId,
      plan_id: p.planId,
      month: 1,
      year: 2031,
      start_date: "2031-01-01",
      end_date: "2031-01-31",
      franchisee_approval_status: o.decided ? 1 : 0,
      deleted_at: o.deleted ? new Date() : null,
    })
    .returning({ id: userMonthlyJobRequests.id });
  return r.id;
}

const spare = { get: 0, patch: 0, del: 0, restore: 0, approve: 0, reject: 0 };
let body: Record<string, unknown> = {};

export const monthlyRequestsSamples: Record<string, Sample> = {
  "GET user_monthly_job_requests": {
    path: () =>
      "user_monthly_job_requests?page=1&rowsPerPage=10&show_deleted=0&status=0&franchisee_id=1&user_id=1&month=1&year=2031&zone_id=1&is_active=1&search_keyword=a",
  },
  "GET user_monthly_job_request_exports": {
    path: () => "user_monthly_job_request_exports?status=0&month=1&search_keyword=a",
  },
  "POST user_monthly_job_requests": {
    before: async (e) => {
      const p = await customerParts(e, e.happyId);
      body = {
        user_id: p.userId,
        user_address_id: p.addressId,
        user_pet_ids: [p.petId],
        plan_id: p.planId,
        start_date: "2031-02-01",
        end_date: "2031-02-28",
      };
    },
    path: () => "user_monthly_job_requests",
    body: () => body,
  },
  "GET user_monthly_job_requests/:id": {
    before: async (e) => void (spare.get = await spareMonthlyRequest(e, e.happyId)),
    path: () => `user_monthly_job_requests/${spare.get || 1}`,
    foreign: async (e) => `user_monthly_job_requests/${await spareMonthlyRequest(e, e.wagId)}`,
  },
  "PATCH user_monthly_job_requests/:id": {
    before: async (e) => void (spare.patch = await spareMonthlyRequest(e, e.happyId)),
    path: () => `user_monthly_job_requests/${spare.patch || 1}`,
    body: () => ({ is_active: 1 }),
    foreign: async (e) => `user_monthly_job_requests/${await spareMonthlyRequest(e, e.wagId)}`,
  },
  "POST user_monthly_job_requests/delete/:id": {
    before: async (e) => void (spare.del = await spareMonthlyRequest(e, e.happyId)),
    path: () => `user_monthly_job_requests/delete/${spare.del || 1}`,
    foreign: async (e) => `user_monthly_job_requests/delete/${await spareMonthlyRequest(e, e.wagId)}`,
  },
  "POST user_monthly_job_requests/restore/:id": {
    before: async (e) => void (spare.restore = await spareMonthlyRequest(e, e.happyId, { deleted: true })),
    path: () => `user_monthly_job_requests/restore/${spare.restore || 1}`,
    foreign: (e) => `user_monthly_job_requests/restore/${e.trash.user_monthly_job_request}`,
  },
  // The ADMIN sets the status once the franchisee has decided.
  "POST user_monthly_job_requests/approve/:id": {
    before: async (e) => void (spare.approve = await spareMonthlyRequest(e, e.happyId, { decided: true })),
    path: () => `user_monthly_job_requests/approve/${spare.approve || 1}`,
    body: () => ({}),
    foreign: async (e) =>
      `user_monthly_job_requests/approve/${await spareMonthlyRequest(e, e.wagId, { decided: true })}`,
  },
  "POST user_monthly_job_requests/reject/:id": {
    before: async (e) => void (spare.reject = await spareMonthlyRequest(e, e.happyId, { decided: true })),
    path: () => `user_monthly_job_requests/reject/${spare.reject || 1}`,
    body: () => ({}),
    foreign: async (e) =>
      `user_monthly_job_requests/reject/${await spareMonthlyRequest(e, e.wagId, { decided: true })}`,
  },
};

/** The server actions' records: a request of each company; a create of a fresh customer's request. */
export const monthlyRequestActionSamples: Record<string, ActionSample> = {
  user_monthly_job_requests: {
    own: (e: ActionEnv) => spareMonthlyRequest(e, e.happyId),
    foreign: (e: ActionEnv) => spareMonthlyRequest(e, e.wagId),
    create: async (e: ActionEnv) => {
      const p = await customerParts(e, e.happyId);
      return {
        user_id: String(p.userId),
        user_address_id: String(p.addressId),
        user_pet_ids: [String(p.petId)],
        plan_id: String(p.planId),
        start_date: "2031-03-01",
        end_date: "2031-03-31",
      };
    },
    update: () => ({ is_active: 1 }),
  },
};
