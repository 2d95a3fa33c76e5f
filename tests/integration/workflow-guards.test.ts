import { and, eq, inArray, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  dailyJobPlans,
  dailyJobPlanWalks,
  franchisees,
  leaveRequests,
  plans,
  positions,
  userMonthlyJobRequests,
  userPets,
  users,
} from "@/db/schema";
import { indiaNow } from "@/lib/jobs/common";
import { WALK_REQUEST_MESSAGES } from "@/lib/jobs/customer-walk-requests";
import { LEAVE_MESSAGES } from "@/lib/jobs/leave-requests";
import { issueApiToken } from "@/lib/platform/api-tokens";
import { watchStatements } from "@/lib/platform/db";
import { POSITION, ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, api, seeded, tokenFor } from "../support/fixtures";

// The four defects issue 25 reproduced in the hand-built workflow paths: a quota every concurrent request passed,
// a restore that skipped the create's checks (leave overlap; a walk request's quota and "walk not begun"), and the
// delete of an approved leave that left its walks with the replacement.

let db: Awaited<ReturnType<typeof seeded>>["db"];
let companyId: number;
let adminToken: string;
let F: number;

let n = 0;
const tag = () => `wg${Date.now().toString(36)}${++n}`;

/** YYYY-MM-DD `days` after India's today. */
const day = (days: number) => {
  const d = new Date(`${indiaNow().date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

async function person(o: { franchiseeId?: number | null; positionId?: number | null; first: string }) {
  const t = tag();
  const [u] = await db
    .insert(users)
    .values({
      company_id: companyId,
      role_id: ROLE_IDS[ROLE.USER],
      franchisee_id: o.franchiseeId ?? null,
      position_id: o.positionId ?? null,
      first_name: o.first,
      last_name: t,
      user_name: `${o.first} ${t}`,
      email: `${t}@guards.test`,
      phone: "+91 98200 44444",
      password_hash: `!unset:${t}`,
    })
    .returning();
  return u;
}

/** A customer with a pet and an approved monthly request; `walk(days)` adds a walk of theirs `days` ahead. */
async function customer() {
  const [pos] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(
      and(
        eq(positions.company_id, companyId),
        eq(positions.name, POSITION.CUSTOMER),
        isNull(positions.deleted_at),
      ),
    );
  const u = await person({ positionId: pos?.id ?? null, first: "Cust" });
  const [plan] = await db
    .insert(plans)
    .values({
      company_id: companyId,
      no_of_dogs: 1,
      no_of_walks: 1,
      original_amount: 2700,
      calculated_final_amount: 2700,
      final_amount: 2700,
      days: 30,
    })
    .returning();
  const [pet] = await db
    .insert(userPets)
    .values({ company_id: companyId, user_id: u.id, name: `Rex ${tag()}` })
    .returning();
  const [req] = await db
    .insert(userMonthlyJobRequests)
    .values({
      company_id: companyId,
      user_id: u.id,
      franchisee_id: F,
      plan_id: plan.id,
      month: Number(day(0).slice(5, 7)),
      year: Number(day(0).slice(0, 4)),
      start_date: day(-1),
      end_date: day(40),
      timeslot: "07:00",
      status: 1,
      franchisee_approval_status: 1,
    })
    .returning();
  const token = await issueApiToken(u.id);
  const planIds = new Map<number, number>();
  const walk = async (days: number, walkerId: number | null = null, timeslot = "07:00") => {
    if (!planIds.has(days)) {
      const [p] = await db
        .insert(dailyJobPlans)
        .values({
          company_id: companyId,
          user_monthly_job_request_id: req.id,
          user_id: u.id,
          franchisee_id: F,
          walker_id: walkerId,
          user_pet_id: pet.id,
          date: day(days),
        })
        .returning();
      planIds.set(days, p.id);
    }
    const [w] = await db
      .insert(dailyJobPlanWalks)
      .values({
        company_id: companyId,
        daily_job_plan_id: planIds.get(days)!,
        franchisee_id: F,
        walker_id: walkerId,
        date: day(days),
        timeslot,
        duration_minutes: 30,
      })
      .returning();
    return w.id;
  };
  const ask = (body: Record<string, unknown>) => api("POST", "customer_walk_requests", { token, body });
  return { id: u.id, walk, ask };
}

const reschedule = (walkId: number, days: number) => ({
  walk_id: walkId,
  request_type: "reschedule",
  new_date: day(days),
  new_timeslot: "18:00",
});

async function setQuota(quota: number) {
  const put = await api("PUT", "walk_request_policy", {
    token: adminToken,
    body: { reschedule_quota: quota, refund_tiers: [{ min_hours: 24, refund_percent: 100 }] },
  });
  expect(put.status, JSON.stringify(put.json)).toBe(200);
}

const idOf = (r: { json: { data?: unknown } }) => (r.json.data as { id: number }).id;

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  companyId = s.happy.id;
  adminToken = await tokenFor(adminEmail);
  const [f] = await db
    .insert(franchisees)
    .values({ company_id: companyId, name: `Guards ${tag()}`, status: 1 })
    .returning();
  F = f.id;
});

describe("customer walk requests", () => {
  it("four reschedules at once under a quota of 1: exactly one passes (five rounds)", async () => {
    await setQuota(1);
    for (let round = 0; round < 5; round++) {
      const c = await customer();
      const walks = await Promise.all([10, 11, 12, 13].map((d) => c.walk(d)));
      const answers = await Promise.all(walks.map((w, i) => c.ask(reschedule(w, 20 + i))));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses, `round ${round}: ${JSON.stringify(answers.map((a) => a.json))}`).toEqual([
        200, 422, 422, 422,
      ]);
      for (const a of answers.filter((x) => x.status === 422))
        expect(a.json.errors?.request_type?.[0]).toMatch(/1 of 1 used/);
    }
  });

  it("a restore runs the create's checks: the quota (409 with the reason)", async () => {
    await setQuota(1);
    const c = await customer();
    const [w1, w2] = [await c.walk(14), await c.walk(15)];
    const first = await c.ask(reschedule(w1, 25));
    expect(first.status).toBe(200);
    expect(
      (await api("POST", `customer_walk_requests/clear/${idOf(first)}`, { token: adminToken })).status,
    ).toBe(200);
    // The deleted request frees the quota: a second reschedule takes it.
    expect((await c.ask(reschedule(w2, 26))).status).toBe(200);
    const back = await api("POST", `customer_walk_requests/restore/${idOf(first)}`, { token: adminToken });
    expect(back.status).toBe(409);
    expect(back.json.message).toMatch(/1 of 1 used/);
  });

  it("a restore runs the create's checks: the walk must not have begun (409 with the reason)", async () => {
    await setQuota(4);
    const c = await customer();
    const w = await c.walk(16);
    const r = await c.ask({ walk_id: w, request_type: "cancel" });
    expect(r.status).toBe(200);
    expect((await api("POST", `customer_walk_requests/clear/${idOf(r)}`, { token: adminToken })).status).toBe(
      200,
    );
    // Meanwhile the walk was walked.
    await db.update(dailyJobPlanWalks).set({ status: 2 }).where(eq(dailyJobPlanWalks.id, w));
    const back = await api("POST", `customer_walk_requests/restore/${idOf(r)}`, { token: adminToken });
    expect(back.status).toBe(409);
    expect(back.json.message).toBe(WALK_REQUEST_MESSAGES.walkStarted);
  });
});

describe("leave requests", () => {
  const leave = (userId: number, date: string) =>
    api("POST", "leave_requests", {
      token: adminToken,
      body: { user_id: userId, date, leave_type: "full_day", reason: "Family" },
    });

  it("a deleted leave restored over a newer one for the same walker and day is refused (409, the overlap)", async () => {
    const walker = await person({ franchiseeId: F, first: "Walker" });
    const old = await leave(walker.id, day(8));
    expect(old.status, JSON.stringify(old.json)).toBe(200);
    expect((await api("POST", `leave_requests/delete/${idOf(old)}`, { token: adminToken })).status).toBe(200);
    expect((await leave(walker.id, day(8))).status).toBe(200);
    const back = await api("POST", `leave_requests/restore/${idOf(old)}`, { token: adminToken });
    expect(back.status).toBe(409);
    expect(back.json.message).toBe(LEAVE_MESSAGES.overlap);
    const live = await db
      .select({ id: leaveRequests.id })
      .from(leaveRequests)
      .where(
        and(
          eq(leaveRequests.user_id, walker.id),
          eq(leaveRequests.date, day(8)),
          isNull(leaveRequests.deleted_at),
        ),
      );
    expect(live).toHaveLength(1);
  });

  it("deleting an approved leave gives its walks not begun back to the walker; a walk walked stays", async () => {
    const walker = await person({ franchiseeId: F, first: "Walker" });
    const stand = await person({ franchiseeId: F, first: "Standin" });
    const c = await customer();
    const [w1, w2] = [await c.walk(9, walker.id, "08:00"), await c.walk(9, walker.id, "16:00")];
    const l = await leave(walker.id, day(9));
    const watch = watchStatements();
    const ok = await api("POST", `leave_requests/${idOf(l)}/approve-with-replacement`, {
      token: adminToken,
      body: { replacement_user_id: stand.id },
    });
    watch.stop();
    expect(ok.status, JSON.stringify(ok.json)).toBe(200);
    // Issue 23: the approval's statements (16 before), the walks recorded and moved in one.
    const approval = watch.statements.filter(
      (q) => !/^\s*select set_config|api_tokens|sessions|"users"\."session_version"/.test(q),
    );
    expect(
      approval.filter(
        (q) => /leave_request_walks|update "?daily_job_plan_walks/.test(q) && !/^\s*select/.test(q),
      ),
    ).toHaveLength(1);
    const walkers = async () =>
      Object.fromEntries(
        (
          await db
            .select({ id: dailyJobPlanWalks.id, walker_id: dailyJobPlanWalks.walker_id })
            .from(dailyJobPlanWalks)
            .where(inArray(dailyJobPlanWalks.id, [w1, w2]))
        ).map((r) => [r.id, r.walker_id]),
      );
    expect(await walkers()).toEqual({ [w1]: stand.id, [w2]: stand.id });
    // The stand-in walked the first already.
    await db.update(dailyJobPlanWalks).set({ status: 2 }).where(eq(dailyJobPlanWalks.id, w1));
    const del = await api("POST", `leave_requests/delete/${idOf(l)}`, { token: adminToken });
    expect(del.status, JSON.stringify(del.json)).toBe(200);
    expect(await walkers()).toEqual({ [w1]: stand.id, [w2]: walker.id });
    // Restoring it would leave the walker on leave with their walks back: refused.
    const back = await api("POST", `leave_requests/restore/${idOf(l)}`, { token: adminToken });
    expect(back.status).toBe(409);
    expect(back.json.message).toBe(LEAVE_MESSAGES.restoreApproved);
  });
});
