import { and, asc, eq, isNull } from "drizzle-orm";
import {
  dailyJobPlans,
  dailyJobPlanWalks,
  franchisees,
  leaveRequests,
  leaveRequestWalks,
  users,
} from "@/db/schema";
import { indiaNow } from "@/lib/jobs/common";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import type { ActionEnv, ActionSample } from "./actions";
import type { Env, Sample } from "./types";

let n = 0;

/** YYYY-MM-DD `days` after India's today. */
const dayAhead = (days: number) => {
  const d = new Date(`${indiaNow().date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** A fresh walker (role USER, staff of the company's first live franchisee). */
export async function spareWalker(e: Pick<Env, "db">, companyId: number) {
  const [f] = await e.db
    .select({ id: franchisees.id })
    .from(franchisees)
    .where(and(eq(franchisees.company_id, companyId), isNull(franchisees.deleted_at)))
    .orderBy(asc(franchisees.id))
    .limit(1);
  const t = `${Date.now().toString(36)}${++n}`;
  const [u] = await e.db
    .insert(users)
    .values({
      company_id: companyId,
      role_id: ROLE_IDS[ROLE.USER],
      franchisee_id: f.id,
      first_name: "Contract",
      last_name: `Walker ${t}`,
      email: `contract.leave.${t}@users.test`,
      password_hash: `!unset:leave-${t}`,
    })
    .returning({ id: users.id });
  return { userId: u.id, franchiseeId: f.id };
}

/**
 * A fresh leave request of a company: pending full day by default; `approved` with one walk of the walker that day
 * recorded as affected (uncovered); `deleted` in the trash. Answers the leave's id and the walk's.
 */
export async function spareLeave(
  e: Pick<Env, "db">,
  companyId: number,
  o: { approved?: boolean; deleted?: boolean } = {},
): Promise<{ id: number; walkId: number }> {
  const w = await spareWalker(e, companyId);
  const date = dayAhead(3);
  const [leave] = await e.db
    .insert(leaveRequests)
    .values({
      company_id: companyId,
      user_id: w.userId,
      franchisee_id: w.franchiseeId,
      date,
      leave_type: "full_day",
      reason: "Contract sample",
      status: o.approved ? 1 : 0,
      deleted_at: o.deleted ? new Date() : null,
    })
    .returning({ id: leaveRequests.id });
  let walkId = 0;
  if (o.approved) {
    const [plan] = await e.db
      .insert(dailyJobPlans)
      .values({
        company_id: companyId,
        user_id: w.userId,
        franchisee_id: w.franchiseeId,
        walker_id: w.userId,
        date,
      })
      .returning({ id: dailyJobPlans.id });
    const [walk] = await e.db
      .insert(dailyJobPlanWalks)
      .values({
        company_id: companyId,
        daily_job_plan_id: plan.id,
        franchisee_id: w.franchiseeId,
        walker_id: w.userId,
        date,
        timeslot: "09:00",
      })
      .returning({ id: dailyJobPlanWalks.id });
    await e.db
      .insert(leaveRequestWalks)
      .values({ leave_request_id: leave.id, walk_id: walk.id, original_walker_id: w.userId });
    walkId = walk.id;
  }
  return { id: leave.id, walkId };
}

const spare = { get: 0, patch: 0, del: 0, restore: 0, staff: 0, approve: 0, reject: 0 };
const approved = { staff: { id: 0, walkId: 0 }, reassign: { id: 0, walkId: 0 } };
let body: Record<string, unknown> = {};

const foreignLeave = async (e: Env) => (await spareLeave(e, e.wagId)).id;
const foreignApproved = async (e: Env) => spareLeave(e, e.wagId, { approved: true });

export const leaveRequestsSamples: Record<string, Sample> = {
  "GET leave_requests": {
    path: () =>
      "leave_requests?page=1&rowsPerPage=5&show_deleted=0&status=0&user_id=1&from_date=2026-01-01&to_date=2031-12-31&leave_type=full_day&is_active=1&search_keyword=a",
  },
  "GET leave_request_exports": { path: () => "leave_request_exports?status=0&leave_type=full_day" },
  "POST leave_requests": {
    before: async (e) => {
      const w = await spareWalker(e, e.happyId);
      body = {
        user_id: w.userId,
        date: dayAhead(4),
        leave_type: "time_range",
        start_time: "10:00",
        end_time: "12:30",
        reason: "Contract sample",
      };
    },
    path: () => "leave_requests",
    body: () => body,
  },
  "GET leave_requests/:id": {
    before: async (e) => void (spare.get = (await spareLeave(e, e.happyId)).id),
    path: () => `leave_requests/${spare.get || 1}`,
    foreign: async (e) => `leave_requests/${await foreignLeave(e)}`,
  },
  "PATCH leave_requests/:id": {
    before: async (e) => void (spare.patch = (await spareLeave(e, e.happyId)).id),
    path: () => `leave_requests/${spare.patch || 1}`,
    body: () => ({ id: spare.patch, status: 2, leave_type: "full_day" }),
    foreign: async (e) => `leave_requests/${await foreignLeave(e)}`,
  },
  "POST leave_requests/delete/:id": {
    before: async (e) => void (spare.del = (await spareLeave(e, e.happyId)).id),
    path: () => `leave_requests/delete/${spare.del || 1}`,
    foreign: async (e) => `leave_requests/delete/${await foreignLeave(e)}`,
  },
  "POST leave_requests/restore/:id": {
    before: async (e) => void (spare.restore = (await spareLeave(e, e.happyId, { deleted: true })).id),
    path: () => `leave_requests/restore/${spare.restore || 1}`,
    foreign: (e) => `leave_requests/restore/${e.trash.leave_request}`,
  },
  "GET leave_requests/:id/available-staff": {
    before: async (e) => void (spare.staff = (await spareLeave(e, e.happyId)).id),
    path: () => `leave_requests/${spare.staff || 1}/available-staff`,
    foreign: async (e) => `leave_requests/${await foreignLeave(e)}/available-staff`,
  },
  "POST leave_requests/:id/approve-with-replacement": {
    before: async (e) => void (spare.approve = (await spareLeave(e, e.happyId)).id),
    path: () => `leave_requests/${spare.approve || 1}/approve-with-replacement`,
    body: () => ({ replacement_user_id: null, admin_remarks: "Contract sample" }),
    foreign: async (e) => `leave_requests/${await foreignLeave(e)}/approve-with-replacement`,
  },
  "POST leave_requests/:id/reject": {
    before: async (e) => void (spare.reject = (await spareLeave(e, e.happyId)).id),
    path: () => `leave_requests/${spare.reject || 1}/reject`,
    foreign: async (e) => `leave_requests/${await foreignLeave(e)}/reject`,
  },
  "GET leave_requests/:id/walks/:walkId/available-staff": {
    before: async (e) => void (approved.staff = await spareLeave(e, e.happyId, { approved: true })),
    path: () =>
      `leave_requests/${approved.staff.id || 1}/walks/${approved.staff.walkId || 1}/available-staff`,
    foreign: async (e) => {
      const f = await foreignApproved(e);
      return `leave_requests/${f.id}/walks/${f.walkId}/available-staff`;
    },
  },
  "POST leave_requests/:id/walks/:walkId/reassign": {
    before: async (e) => void (approved.reassign = await spareLeave(e, e.happyId, { approved: true })),
    path: () => `leave_requests/${approved.reassign.id || 1}/walks/${approved.reassign.walkId || 1}/reassign`,
    body: () => ({ replacement_user_id: null }),
    foreign: async (e) => {
      const f = await foreignApproved(e);
      return `leave_requests/${f.id}/walks/${f.walkId}/reassign`;
    },
  },
};

/** The server actions' records (../actions-contract.test.ts): a pending leave each, a walker's leave to create. */
export const leaveRequestActionSamples: Record<string, ActionSample> = {
  leave_requests: {
    create: async (e: ActionEnv) => {
      const w = await spareWalker(e, e.happyId);
      return { user_id: w.userId, date: dayAhead(4), leave_type: "full_day", reason: "Contract action" };
    },
    update: () => ({ reason: "Contract action update" }),
    own: async (e: ActionEnv) => (await spareLeave(e, e.happyId)).id,
    foreign: async (e: ActionEnv) => (await spareLeave(e, e.wagId)).id,
  },
};
