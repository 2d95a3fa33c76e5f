import { and, asc, eq, isNull } from "drizzle-orm";
import { customerWalkRequests, dailyJobPlans, dailyJobPlanWalks, users } from "@/db/schema";
import { ROLE_IDS } from "@/lib/platform/permissions";
import type { ActionEnv, ActionSample } from "./actions";
import type { Env, Sample } from "./types";

// Contract samples of customer walk requests and the walk request policy (lib/api/routes/customer-walk-requests.ts).
// Each call that changes a request gets a fresh one: a walk of a customer's hand-made daily plan some days ahead
// (no monthly request, so no quota), and the request inserted directly.

let n = 0;

/** A date `days` from today (UTC; far enough ahead that India's date is the same side). */
const ahead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A live role-USER user of a company: the customer of the sample walks. */
async function customerOf(e: Pick<Env, "db">, companyId: number): Promise<number> {
  const [u] = await e.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.company_id, companyId), eq(users.role_id, ROLE_IDS.USER), isNull(users.deleted_at)))
    .orderBy(asc(users.id))
    .limit(1);
  return u.id;
}

/** A fresh walk of a company's customer, 10+ days ahead at 07:00, on a daily plan of its own. */
export async function spareWalk(
  e: Pick<Env, "db">,
  companyId: number,
): Promise<{ id: number; userId: number }> {
  const userId = await customerOf(e, companyId);
  const date = ahead(10 + (++n % 300));
  const [plan] = await e.db
    .insert(dailyJobPlans)
    .values({ company_id: companyId, user_id: userId, date })
    .returning({ id: dailyJobPlans.id });
  const [walk] = await e.db
    .insert(dailyJobPlanWalks)
    .values({ company_id: companyId, daily_job_plan_id: plan.id, date, timeslot: "07:00" })
    .returning({ id: dailyJobPlanWalks.id });
  return { id: walk.id, userId };
}

/** A fresh pending request of a company (a reschedule to the next day, or a cancellation), deleted when asked. */
export async function spareWalkRequest(
  e: Pick<Env, "db">,
  companyId: number,
  o: { type?: "reschedule" | "cancel"; deleted?: boolean } = {},
): Promise<number> {
  const walk = await spareWalk(e, companyId);
  const [w] = await e.db.select().from(dailyJobPlanWalks).where(eq(dailyJobPlanWalks.id, walk.id));
  const reschedule = (o.type ?? "reschedule") === "reschedule";
  const [r] = await e.db
    .insert(customerWalkRequests)
    .values({
      company_id: companyId,
      user_id: walk.userId,
      walk_id: walk.id,
      request_type: reschedule ? "reschedule" : "cancel",
      original_date: w.date,
      original_timeslot: w.timeslot,
      new_date: reschedule ? ahead(400 + n) : null,
      new_timeslot: reschedule ? "18:00" : null,
      reason: "Contract sample",
      hours_before_walk: 240,
      deleted_at: o.deleted ? new Date() : null,
    })
    .returning({ id: customerWalkRequests.id });
  if (reschedule && !o.deleted)
    await e.db.update(dailyJobPlanWalks).set({ status: 3 }).where(eq(dailyJobPlanWalks.id, walk.id));
  return r.id;
}

const spare = { walk: 0, get: 0, approve: 0, reject: 0, clear: 0, restore: 0 };

export const customerWalkRequestsSamples: Record<string, Sample> = {
  "GET customer_walk_requests": {
    path: () =>
      "customer_walk_requests?page=1&rowsPerPage=5&show_deleted=0&search_keyword=a&request_type=reschedule&status=pending&refund_eligibility=0&from_date=2020-01-01&to_date=2040-12-31",
  },
  "GET customer_walk_request_exports": { path: () => "customer_walk_request_exports?status=pending" },
  "POST customer_walk_requests": {
    before: async (e) => void (spare.walk = (await spareWalk(e, e.happyId)).id),
    path: () => "customer_walk_requests",
    body: () => ({ walk_id: spare.walk, request_type: "cancel", reason: "Contract sample" }),
  },
  "GET customer_walk_requests/statistics": { path: () => "customer_walk_requests/statistics" },
  "GET customer_walk_requests/:id": {
    before: async (e) => void (spare.get = await spareWalkRequest(e, e.happyId)),
    path: () => `customer_walk_requests/${spare.get || 1}`,
    foreign: async (e) => `customer_walk_requests/${await spareWalkRequest(e, e.wagId)}`,
  },
  "POST customer_walk_requests/:id/approve": {
    before: async (e) => void (spare.approve = await spareWalkRequest(e, e.happyId)),
    path: () => `customer_walk_requests/${spare.approve || 1}/approve`,
    body: () => ({ admin_remarks: "Contract sample" }),
    foreign: async (e) => `customer_walk_requests/${await spareWalkRequest(e, e.wagId)}/approve`,
  },
  "POST customer_walk_requests/:id/reject": {
    before: async (e) => void (spare.reject = await spareWalkRequest(e, e.happyId, { type: "cancel" })),
    path: () => `customer_walk_requests/${spare.reject || 1}/reject`,
    body: () => ({ admin_remarks: "Contract sample" }),
    foreign: async (e) => `customer_walk_requests/${await spareWalkRequest(e, e.wagId)}/reject`,
  },
  "POST customer_walk_requests/clear/:id": {
    before: async (e) => void (spare.clear = await spareWalkRequest(e, e.happyId)),
    path: () => `customer_walk_requests/clear/${spare.clear || 1}`,
    foreign: async (e) => `customer_walk_requests/clear/${await spareWalkRequest(e, e.wagId)}`,
  },
  "POST customer_walk_requests/restore/:id": {
    before: async (e) => void (spare.restore = await spareWalkRequest(e, e.happyId, { deleted: true })),
    path: () => `customer_walk_requests/restore/${spare.restore || 1}`,
    foreign: (e) => `customer_walk_requests/restore/${e.trash.customer_walk_request}`,
  },
  "GET walk_request_policy": { path: () => "walk_request_policy" },
  "PUT walk_request_policy": {
    path: () => "walk_request_policy",
    body: () => ({
      reschedule_quota: 4,
      refund_tiers: [
        { min_hours: 24, refund_percent: 100 },
        { min_hours: 12, refund_percent: 50 },
        { min_hours: 0, refund_percent: 0 },
      ],
    }),
  },
};

/** The server actions' records (../actions-contract.test.ts): a fresh pending request of each company. */
export const customerWalkRequestActionSamples: Record<string, ActionSample> = {
  customer_walk_requests: {
    own: (e: ActionEnv) => spareWalkRequest(e, e.happyId),
    foreign: (e: ActionEnv) => spareWalkRequest(e, e.wagId),
  },
};
