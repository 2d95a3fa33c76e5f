import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import { dailyJobPlanWalks, dailyJobPlans, users } from "@/db/schema";
import { ROLE_IDS } from "@/lib/platform/permissions";
import type { Env, Sample } from "./types";

type Db = Pick<Env, "db">;

/** A live, active walker of a company (role USER, a franchisee's staff) and their franchisee. */
async function walkerOf(e: Db, companyId: number): Promise<{ id: number; franchisee_id: number }> {
  const [w] = await e.db
    .select({ id: users.id, franchisee_id: users.franchisee_id })
    .from(users)
    .where(
      and(
        eq(users.company_id, companyId),
        eq(users.role_id, ROLE_IDS.USER),
        isNotNull(users.franchisee_id),
        isNull(users.deleted_at),
        eq(users.is_active, 1),
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  return { id: w.id, franchisee_id: w.franchisee_id! };
}

/** A live customer of a company (role USER, nobody's staff). */
async function customerOf(e: Db, companyId: number): Promise<number> {
  const [c] = await e.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.company_id, companyId),
        eq(users.role_id, ROLE_IDS.USER),
        isNull(users.franchisee_id),
        isNull(users.deleted_at),
      ),
    )
    .orderBy(asc(users.id))
    .limit(1);
  return c.id;
}

/** A fresh plan of a company with one walk (deleted, with its walk, when `deleted`). */
export async function sparePlan(e: Db, companyId: number, deleted = false): Promise<number> {
  const walker = await walkerOf(e, companyId);
  const deleted_at = deleted ? new Date() : null;
  const [p] = await e.db
    .insert(dailyJobPlans)
    .values({
      company_id: companyId,
      user_id: await customerOf(e, companyId),
      franchisee_id: walker.franchisee_id,
      walker_id: walker.id,
      date: "2031-04-07",
      deleted_at,
    })
    .returning({ id: dailyJobPlans.id });
  await e.db.insert(dailyJobPlanWalks).values({
    company_id: companyId,
    daily_job_plan_id: p.id,
    franchisee_id: walker.franchisee_id,
    walker_id: walker.id,
    date: "2031-04-07",
    timeslot: "07:00",
    deleted_at,
  });
  return p.id;
}

/** A plan's form for a company: its first walker, their franchisee, a customer, two walks. */
async function planForm(e: Db, companyId: number) {
  const walker = await walkerOf(e, companyId);
  return {
    date: "2031-04-08",
    user_id: await customerOf(e, companyId),
    franchisee_id: walker.franchisee_id,
    walker_id: walker.id,
    status: 0,
    daily_job_plan_walks: [{ timeslot: "07:00" }, { timeslot: "18:00", duration_minutes: 45 }],
  };
}

const spare = { get: 0, patch: 0, del: 0, restore: 0 };
let body: unknown = null;

export const dailyJobPlansSamples: Record<string, Sample> = {
  "GET daily_job_plans": {
    path: () =>
      "daily_job_plans?page=1&rowsPerPage=5&show_deleted=0&is_active=1&search_keyword=a&from_date=2026-01-01&to_date=2031-12-31&sort=-date",
  },
  "GET daily_job_plan_exports": { path: () => "daily_job_plan_exports?search_keyword=a" },
  "POST daily_job_plans": {
    before: async (e) => void (body = await planForm(e, e.happyId)),
    path: () => "daily_job_plans",
    body: () => body,
  },
  "GET daily_job_plans/:id": {
    before: async (e) => void (spare.get = await sparePlan(e, e.happyId)),
    path: () => `daily_job_plans/${spare.get || 1}`,
    foreign: async (e) => `daily_job_plans/${await sparePlan(e, e.wagId)}`,
  },
  "PATCH daily_job_plans/:id": {
    before: async (e) => void (spare.patch = await sparePlan(e, e.happyId)),
    path: () => `daily_job_plans/${spare.patch || 1}`,
    body: () => ({ status: 1, daily_job_plan_walks: [{ timeslot: "08:30" }] }),
    foreign: async (e) => `daily_job_plans/${await sparePlan(e, e.wagId)}`,
  },
  "POST daily_job_plans/delete/:id": {
    before: async (e) => void (spare.del = await sparePlan(e, e.happyId)),
    path: () => `daily_job_plans/delete/${spare.del || 1}`,
    foreign: async (e) => `daily_job_plans/delete/${await sparePlan(e, e.wagId)}`,
  },
  "POST daily_job_plans/restore/:id": {
    before: async (e) => void (spare.restore = await sparePlan(e, e.happyId, true)),
    path: () => `daily_job_plans/restore/${spare.restore || 1}`,
    foreign: (e) => `daily_job_plans/restore/${e.trash.daily_job_plan}`,
  },
  "GET walk_calendar": { path: () => "walk_calendar?month=2031-04" },
};

/** The server-action contract's records (../actions-contract.test.ts). */
export const dailyJobPlanActionSamples = {
  daily_job_plans: {
    create: (e: Pick<Env, "db" | "happyId">) => planForm(e, e.happyId),
    update: () => ({ status: 2 }),
  },
};
