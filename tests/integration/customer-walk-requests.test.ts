import { and, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  companyFigures,
  customerWalkRequests,
  dailyJobPlans,
  dailyJobPlanWalks,
  franchisees,
  notifications,
  plans,
  positions,
  userMonthlyJobRequests,
  userPets,
  users,
  walkRequestPolicies,
} from "@/db/schema";
import { indiaNow } from "@/lib/jobs/common";
import { customerWalkRequestsCrud, WALK_REQUEST_MESSAGES } from "@/lib/jobs/customer-walk-requests";
import { streamExport, type ExportDef } from "@/lib/platform/exports";
import { issueApiToken } from "@/lib/platform/api-tokens";
import type { Ctx } from "@/lib/platform/context";
import { POSITION, ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, api, ctxFor, DEMO_LOGINS, seeded, tokenFor, userId } from "../support/fixtures";
import { readXlsx, sheetRows } from "../support/xlsx";

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happyId: number;
let adminToken: string;
let faToken: string;
let wagToken: string;
let faFranchiseeId: number;
let otherFranchiseeId: number;

let n = 0;
const tag = () => `Cw${Date.now().toString(36)}${++n}`;

/** YYYY-MM-DD of India's today plus `days`. */
const day = (days: number) => {
  const d = new Date(`${indiaNow().date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

type Customer = {
  id: number;
  token: string;
  requestId: number;
  petId: number;
  franchiseeId: number;
};

/** A customer (role USER) with a pet, an approved monthly request under a ₹2,700 / 30 days / 1 walk plan. */
async function newCustomer(o: { companyId?: number; franchiseeId?: number } = {}): Promise<Customer> {
  const companyId = o.companyId ?? happyId;
  const franchiseeId = o.franchiseeId ?? faFranchiseeId;
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
  const t = tag().toLowerCase();
  const [u] = await db
    .insert(users)
    .values({
      company_id: companyId,
      role_id: ROLE_IDS[ROLE.USER],
      position_id: pos?.id ?? null,
      first_name: "Walk",
      last_name: t,
      user_name: `Walk ${t}`,
      email: `walk.${t}@test.test`,
      phone: "+91 98200 55555",
      password_hash: `!unset:${t}`,
    })
    .returning();
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
    .values({ company_id: companyId, user_id: u.id, name: `Bruno ${t}` })
    .returning();
  const [req] = await db
    .insert(userMonthlyJobRequests)
    .values({
      company_id: companyId,
      user_id: u.id,
      franchisee_id: franchiseeId,
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
  return {
    id: u.id,
    token: await issueApiToken(u.id),
    requestId: req.id,
    petId: pet.id,
    franchiseeId,
  };
}

/** The customer's daily plan of a date (made when missing). */
async function planOf(c: Customer, date: string, companyId = happyId): Promise<number> {
  const [found] = await db
    .select({ id: dailyJobPlans.id })
    .from(dailyJobPlans)
    .where(
      and(
        eq(dailyJobPlans.user_monthly_job_request_id, c.requestId),
        eq(dailyJobPlans.date, date),
        isNull(dailyJobPlans.deleted_at),
      ),
    );
  if (found) return found.id;
  const [p] = await db
    .insert(dailyJobPlans)
    .values({
      company_id: companyId,
      user_monthly_job_request_id: c.requestId,
      user_id: c.id,
      franchisee_id: c.franchiseeId,
      user_pet_id: c.petId,
      date,
    })
    .returning();
  return p.id;
}

/** A walk of the customer `days` ahead at `timeslot`. */
async function walkOf(
  c: Customer,
  days: number,
  timeslot = "07:00",
  o: { status?: number; companyId?: number } = {},
) {
  const date = day(days);
  const planId = await planOf(c, date, o.companyId);
  const [w] = await db
    .insert(dailyJobPlanWalks)
    .values({
      company_id: o.companyId ?? happyId,
      daily_job_plan_id: planId,
      franchisee_id: c.franchiseeId,
      date,
      timeslot,
      status: o.status ?? 0,
    })
    .returning();
  return w;
}

const walkById = async (id: number) =>
  (await db.select().from(dailyJobPlanWalks).where(eq(dailyJobPlanWalks.id, id)))[0];

type Json = Record<string, unknown>;
const dataOf = (r: { json: { data?: unknown } }) => r.json.data as Json;

async function ask(c: Customer, body: Json) {
  return api("POST", "customer_walk_requests", { token: c.token, body });
}

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  happyId = s.happy.id;
  session.ctx = await ctxFor(adminEmail);
  adminToken = await tokenFor(adminEmail);
  faToken = await tokenFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
  wagToken = await tokenFor("admin@wagnation.test");
  const [fa] = await db
    .select({ franchisee_id: users.franchisee_id })
    .from(users)
    .where(eq(users.id, await userId(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN])));
  faFranchiseeId = fa.franchisee_id!;
  const [other] = await db
    .insert(franchisees)
    .values({ company_id: happyId, name: `Walk Other ${tag()}` })
    .returning({ id: franchisees.id });
  otherFranchiseeId = other.id;
  // The default policy (tests below that change it put it back).
  await db.delete(walkRequestPolicies).where(eq(walkRequestPolicies.company_id, happyId));
});

describe("a customer's request from the app", () => {
  it("cancel: hours before and the refund by the default tiers on the walk's price; the franchisee's admins hear", async () => {
    const c = await newCustomer();
    const w = await walkOf(c, 5);
    const r = await ask(c, { walk_id: w.id, request_type: "cancel", reason: "Away" });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const d = dataOf(r);
    expect(d).toMatchObject({
      user_id: c.id,
      franchisee_id: faFranchiseeId,
      walk_id: w.id,
      request_type: "cancel",
      status: "pending",
      original_date: day(5),
      original_timeslot: "07:00:00",
      new_date: null,
      refund_eligibility: true,
      refund_percent: 100,
      refund_amount: 90,
      reason: "Away",
    });
    expect(d.hours_before_walk as number).toBeGreaterThanOrEqual(24 * 4);
    expect((await walkById(w.id)).status).toBe(0);
    const fa = await userId(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
    const notes = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.user_id, fa), eq(notifications.title, "New walk cancellation request")));
    expect(notes.length).toBeGreaterThan(0);
  });

  it("cancel late: half or nothing", async () => {
    const c = await newCustomer();
    const now = Date.now();
    // A walk 13 to 14 hours ahead, and one 2 to 3 hours ahead (India's clock).
    const at = (h: number) => {
      const d = new Date(now + h * 3_600_000 + 330 * 60_000);
      const iso = d.toISOString();
      return { date: iso.slice(0, 10), time: `${iso.slice(11, 14)}00` };
    };
    const mk = async (h: number) => {
      const a = at(h);
      const planId = await planOf(c, a.date);
      const [w] = await db
        .insert(dailyJobPlanWalks)
        .values({
          company_id: happyId,
          daily_job_plan_id: planId,
          franchisee_id: c.franchiseeId,
          date: a.date,
          timeslot: a.time,
        })
        .returning();
      return w;
    };
    const half = await ask(c, { walk_id: (await mk(14)).id, request_type: "cancel" });
    expect(dataOf(half)).toMatchObject({ hours_before_walk: 13, refund_percent: 50, refund_amount: 45 });
    const none = await ask(c, { walk_id: (await mk(3)).id, request_type: "cancel" });
    expect(dataOf(none)).toMatchObject({
      hours_before_walk: 2,
      refund_eligibility: false,
      refund_percent: 0,
      refund_amount: 0,
    });
  });

  it("reschedule: the walk becomes Reschedule Pending; no refund; one pending request per walk", async () => {
    const c = await newCustomer();
    const w = await walkOf(c, 6);
    const r = await ask(c, {
      walk_id: w.id,
      request_type: "reschedule",
      new_date: day(7),
      new_timeslot: "17:30",
      reason: "",
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(dataOf(r)).toMatchObject({
      new_date: day(7),
      new_timeslot: "17:30:00",
      refund_eligibility: false,
      refund_amount: 0,
      reason: null,
    });
    expect((await walkById(w.id)).status).toBe(3);
    const again = await ask(c, { walk_id: w.id, request_type: "cancel" });
    expect(again.status).toBe(422);
    expect(again.json.errors?.walk_id).toEqual([WALK_REQUEST_MESSAGES.pendingExists]);
  });

  it("refuses another customer's walk (404), a walk begun or started, and a reschedule without its new date", async () => {
    const c = await newCustomer();
    const other = await newCustomer();
    const theirs = await walkOf(other, 5);
    expect((await ask(c, { walk_id: theirs.id, request_type: "cancel" })).status).toBe(404);
    const past = await walkOf(c, -1);
    const r1 = await ask(c, { walk_id: past.id, request_type: "cancel" });
    expect(r1.status).toBe(422);
    expect(r1.json.errors?.walk_id).toEqual([WALK_REQUEST_MESSAGES.walkBegun]);
    const started = await walkOf(c, 3, "08:00", { status: 2 });
    const r2 = await ask(c, { walk_id: started.id, request_type: "cancel" });
    expect(r2.json.errors?.walk_id).toEqual([WALK_REQUEST_MESSAGES.walkStarted]);
    const w = await walkOf(c, 4);
    const r3 = await ask(c, { walk_id: w.id, request_type: "reschedule" });
    expect(r3.status).toBe(422);
    expect(r3.json.errors).toMatchObject({
      new_date: [WALK_REQUEST_MESSAGES.newDateRequired],
      new_timeslot: [WALK_REQUEST_MESSAGES.newTimeslotRequired],
    });
    const r4 = await ask(c, {
      walk_id: w.id,
      request_type: "reschedule",
      new_date: day(-2),
      new_timeslot: "07:00",
    });
    expect(r4.json.errors?.new_date).toEqual([WALK_REQUEST_MESSAGES.newPast]);
    const r5 = await ask(c, { walk_id: w.id, request_type: "swap" });
    expect(Object.keys(r5.json.errors ?? {})).toContain("request_type");
  });
});

describe("the reschedule quota", () => {
  it("counts pending and approved reschedules of the monthly request; over the quota 422; GET :id says x of y", async () => {
    const put = await api("PUT", "walk_request_policy", {
      token: adminToken,
      body: {
        reschedule_quota: 2,
        refund_tiers: [
          { min_hours: 12, refund_percent: 50 },
          { min_hours: 48, refund_percent: 100 },
        ],
      },
    });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    expect(dataOf(put)).toMatchObject({
      reschedule_quota: 2,
      refund_tiers: [
        { min_hours: 48, refund_percent: 100 },
        { min_hours: 12, refund_percent: 50 },
      ],
      is_default: false,
    });
    try {
      const c = await newCustomer();
      const walks = [await walkOf(c, 8), await walkOf(c, 9), await walkOf(c, 10), await walkOf(c, 11)];
      const body = (i: number) => ({
        walk_id: walks[i].id,
        request_type: "reschedule",
        new_date: day(20 + i),
        new_timeslot: "18:00",
      });
      const first = dataOf(await ask(c, body(0)));
      // A rejected one does not count.
      const second = dataOf(await ask(c, body(1)));
      const rej = await api("POST", `customer_walk_requests/${second.id}/reject`, {
        token: adminToken,
        body: { admin_remarks: "No" },
      });
      expect(rej.status).toBe(200);
      expect((await ask(c, body(2))).status).toBe(200);
      const over = await ask(c, body(3));
      expect(over.status).toBe(422);
      expect(over.json.errors?.request_type?.[0]).toMatch(/2 of 2 used/);
      // A cancellation is no reschedule: its refund follows the saved tiers (9 days: 100 %).
      expect(dataOf(await ask(c, { walk_id: walks[3].id, request_type: "cancel" }))).toMatchObject({
        refund_percent: 100,
      });
      const one = await api("GET", `customer_walk_requests/${first.id}`, { token: adminToken });
      expect(one.status).toBe(200);
      expect(one.json.reschedule_info).toEqual({ reschedules_used: 2, current_quota: 2, remaining: 0 });
      expect(dataOf(one)).toMatchObject({
        id: first.id,
        user: { id: c.id, first_name: "Walk", phone: "+91 98200 55555" },
        walk: { id: walks[0].id, daily_job_plan: { user_pet: { id: c.petId } } },
        processed_by_user: null,
      });
    } finally {
      await db.delete(walkRequestPolicies).where(eq(walkRequestPolicies.company_id, happyId));
    }
  });

  it("the policy: GET answers the default until saved; bad tiers 422; FA may not read it", async () => {
    const g = await api("GET", "walk_request_policy", { token: adminToken });
    expect(dataOf(g)).toMatchObject({ reschedule_quota: 4, is_default: true });
    const bad = await api("PUT", "walk_request_policy", {
      token: adminToken,
      body: { reschedule_quota: 40, refund_tiers: [] },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors ?? {}).sort()).toEqual(["refund_tiers", "reschedule_quota"]);
    expect((await api("GET", "walk_request_policy", { token: faToken })).status).toBe(403);
  });
});

describe("approve and reject", () => {
  it("approve moves the walk to a new daily plan of the new date (made, copying the plan), status 4", async () => {
    const c = await newCustomer();
    const w = await walkOf(c, 12, "07:00");
    const oldPlan = w.daily_job_plan_id;
    const req = dataOf(
      await ask(c, { walk_id: w.id, request_type: "reschedule", new_date: day(35), new_timeslot: "18:30" }),
    );
    const r = await api("POST", `customer_walk_requests/${req.id}/approve`, {
      token: faToken,
      body: { admin_remarks: "" },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.message).toBe("Request approved successfully.");
    expect(dataOf(r)).toMatchObject({
      status: "approved",
      admin_remarks: null,
      // Spec 002 §3: the person who processed it, and a boolean refund eligibility.
      processed_by: { id: expect.any(Number), first_name: expect.any(String), last_name: expect.any(String) },
      processed_by_id: expect.any(Number),
      refund_eligibility: false,
    });
    const moved = await walkById(w.id);
    expect(moved).toMatchObject({ date: day(35), timeslot: "18:30:00", status: 4 });
    expect(moved.daily_job_plan_id).not.toBe(oldPlan);
    const [plan] = await db.select().from(dailyJobPlans).where(eq(dailyJobPlans.id, moved.daily_job_plan_id));
    expect(plan).toMatchObject({
      date: day(35),
      user_id: c.id,
      user_monthly_job_request_id: c.requestId,
      user_pet_id: c.petId,
      franchisee_id: c.franchiseeId,
    });
    // Not pending any more: 409 both ways.
    const again = await api("POST", `customer_walk_requests/${req.id}/approve`, { token: faToken, body: {} });
    expect(again.status).toBe(409);
    const rej = await api("POST", `customer_walk_requests/${req.id}/reject`, {
      token: faToken,
      body: { admin_remarks: "late" },
    });
    expect(rej.status).toBe(409);
  });

  it("approve into the customer's existing plan of that date: the walk joins it as its next walk", async () => {
    const c = await newCustomer();
    const there = await walkOf(c, 14, "07:00");
    const w = await walkOf(c, 13, "07:00");
    const req = dataOf(
      await ask(c, { walk_id: w.id, request_type: "reschedule", new_date: day(14), new_timeslot: "19:00" }),
    );
    const r = await api("POST", `customer_walk_requests/${req.id}/approve`, {
      token: adminToken,
      body: { admin_remarks: "Moved to the evening" },
    });
    expect(r.status).toBe(200);
    const moved = await walkById(w.id);
    expect(moved.daily_job_plan_id).toBe(there.daily_job_plan_id);
    expect(moved.walk_no).toBe(2);
    expect(dataOf(r).admin_remarks).toBe("Moved to the evening");
  });

  it("a cancellation cannot be approved (422); reject needs a reason; a rejected reschedule's walk is 5", async () => {
    const c = await newCustomer();
    const w1 = await walkOf(c, 15);
    const cancel = dataOf(await ask(c, { walk_id: w1.id, request_type: "cancel" }));
    const a = await api("POST", `customer_walk_requests/${cancel.id}/approve`, {
      token: adminToken,
      body: {},
    });
    expect(a.status).toBe(422);
    expect(a.json.message).toBe(WALK_REQUEST_MESSAGES.cancelNotApprovable);
    const blank = await api("POST", `customer_walk_requests/${cancel.id}/reject`, {
      token: adminToken,
      body: { admin_remarks: "   " },
    });
    expect(blank.status).toBe(422);
    expect(blank.json.errors?.admin_remarks).toEqual(["Reason is required for rejection."]);
    const ok = await api("POST", `customer_walk_requests/${cancel.id}/reject`, {
      token: adminToken,
      body: { admin_remarks: "Walk already assigned" },
    });
    expect(dataOf(ok)).toMatchObject({ status: "rejected", admin_remarks: "Walk already assigned" });
    expect((await walkById(w1.id)).status).toBe(0);

    const w2 = await walkOf(c, 16);
    const res = dataOf(
      await ask(c, { walk_id: w2.id, request_type: "reschedule", new_date: day(17), new_timeslot: "07:00" }),
    );
    await api("POST", `customer_walk_requests/${res.id}/reject`, {
      token: adminToken,
      body: { admin_remarks: "No" },
    });
    expect((await walkById(w2.id)).status).toBe(5);
    const [note] = await db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.user_id, c.id),
          eq(notifications.title, "Your walk reschedule request was rejected"),
        ),
      );
    expect(note).toBeDefined();
  });
});

describe("delete and restore", () => {
  it("deleting a pending reschedule puts its walk back to Pending; restoring marks it again", async () => {
    const c = await newCustomer();
    const w = await walkOf(c, 18);
    const req = dataOf(
      await ask(c, { walk_id: w.id, request_type: "reschedule", new_date: day(19), new_timeslot: "07:00" }),
    );
    const del = await api("POST", `customer_walk_requests/clear/${req.id}`, { token: faToken });
    expect(del.status).toBe(200);
    expect((await walkById(w.id)).status).toBe(0);
    expect((await api("GET", `customer_walk_requests/${req.id}`, { token: faToken })).status).toBe(404);
    // Another pending request meanwhile: the restore would make two.
    const other = dataOf(await ask(c, { walk_id: w.id, request_type: "cancel" }));
    expect((await api("POST", `customer_walk_requests/restore/${req.id}`, { token: faToken })).status).toBe(
      409,
    );
    await api("POST", `customer_walk_requests/clear/${other.id}`, { token: faToken });
    expect((await api("POST", `customer_walk_requests/restore/${req.id}`, { token: faToken })).status).toBe(
      200,
    );
    expect((await walkById(w.id)).status).toBe(3);
  });
});

describe("the list, statistics and scope", () => {
  it("filters by type, status, refund, date and search; the statistics count the caller's scope", async () => {
    const c = await newCustomer();
    const w1 = await walkOf(c, 21);
    const w2 = await walkOf(c, 22);
    const cancel = dataOf(await ask(c, { walk_id: w1.id, request_type: "cancel", reason: `Zebra ${c.id}` }));
    const res = dataOf(
      await ask(c, { walk_id: w2.id, request_type: "reschedule", new_date: day(23), new_timeslot: "07:00" }),
    );
    // Search by the customer's e-mail.
    const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, c.id));
    const byMail = await api("GET", `customer_walk_requests?rowsPerPage=100&search_keyword=${u.email}`, {
      token: adminToken,
    });
    expect((byMail.json.data as Json[]).map((x) => x.id).sort()).toEqual([cancel.id, res.id].sort());
    const row = (byMail.json.data as Json[]).find((x) => x.id === cancel.id)!;
    expect(row).toMatchObject({
      customer_name: `Walk ${u.email!.slice(5, u.email!.indexOf("@"))}`,
      pet_name: expect.stringMatching(/^Bruno/),
    });
    const q = (s: string) =>
      api("GET", `customer_walk_requests?rowsPerPage=100&search_keyword=${u.email}&${s}`, {
        token: adminToken,
      }).then((r) => (r.json.data as Json[]).map((x) => x.id));
    expect(await q("request_type=cancel")).toEqual([cancel.id]);
    expect(await q("request_type=reschedule")).toEqual([res.id]);
    expect(await q("refund_eligibility=1")).toEqual([cancel.id]);
    expect(await q("refund_eligibility=0")).toEqual([res.id]);
    expect((await q("status=pending")).length).toBe(2);
    expect(await q("status=approved")).toEqual([]);
    expect((await q(`from_date=${day(0)}&to_date=${day(1)}`)).length).toBe(2);
    expect(await q(`from_date=${day(2)}`)).toEqual([]);
    expect((await api("GET", "customer_walk_requests?status=done", { token: adminToken })).status).toBe(422);
    const zebra = await api("GET", `customer_walk_requests?search_keyword=Zebra ${c.id}`, {
      token: adminToken,
    });
    expect((zebra.json.data as Json[]).map((x) => x.id)).toEqual([cancel.id]);

    const stats = await api("GET", "customer_walk_requests/statistics", { token: adminToken });
    expect(stats.status).toBe(200);
    const s = dataOf(stats) as Record<string, number>;
    const [expected] = await db
      .select({
        total: sql<number>`count(*)::int`,
        pending: sql<number>`(count(*) filter (where status = 'pending'))::int`,
        refunds: sql<string>`coalesce(sum(refund_amount) filter (where refund_eligibility = 1 and status <> 'rejected'), 0)::text`,
      })
      .from(customerWalkRequests)
      .where(and(eq(customerWalkRequests.company_id, happyId), isNull(customerWalkRequests.deleted_at)));
    expect(s.total_requests).toBe(expected.total);
    expect(s.pending_requests).toBe(expected.pending);
    expect(s.total_refunds).toBeCloseTo(Number(expected.refunds), 2);
  });

  it("exports the list's rows with labels (type, status, refund)", async () => {
    const c = await newCustomer();
    const req = dataOf(
      await ask(c, { walk_id: (await walkOf(c, 25)).id, request_type: "cancel", reason: "Export" }),
    );
    const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, c.id));
    const res = await streamExport(
      await ctxFor(adminEmail),
      customerWalkRequestsCrud.export as unknown as ExportDef<unknown>,
      new URLSearchParams({ search_keyword: u.email! }),
    );
    const ws = await readXlsx(Buffer.from(await res.arrayBuffer()));
    const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers.slice(0, 4)).toEqual(["Id", "Request Type", "Status", "Customer"]);
    const rows = sheetRows(ws);
    expect(rows).toHaveLength(1);
    const cell = (h: string) => rows[0].getCell(headers.indexOf(h) + 1).value;
    expect(cell("Id")).toBe(req.id);
    expect(cell("Request Type")).toBe("Cancellation");
    expect(cell("Status")).toBe("Pending");
    expect(cell("Refund Eligible")).toBe("Eligible");
  });

  /** A customer's request made through the domain function (the app's POST without its /api answer's shaping). */
  const request = async (c: Customer, body: Json) => {
    const [u] = await db.select({ email: users.email }).from(users).where(eq(users.id, c.id));
    return (await customerWalkRequestsCrud.create(await ctxFor(u.email), body)) as unknown as Json;
  };

  it("the cards are kept per company and franchisee through create, approve, reject, delete and restore", async () => {
    /** What the cards must say: the live requests counted, for the company or one franchisee. */
    const counted = async (franchiseeId?: number) => {
      const [r] = await db
        .select({
          total_requests: sql<number>`count(*)::int`,
          pending_requests: sql<number>`(count(*) filter (where status = 'pending'))::int`,
          approved_requests: sql<number>`(count(*) filter (where status = 'approved'))::int`,
          total_refunds: sql<number>`coalesce(sum(refund_amount) filter (where refund_eligibility = 1 and status <> 'rejected'), 0)::float8`,
        })
        .from(customerWalkRequests)
        .where(
          and(
            eq(customerWalkRequests.company_id, happyId),
            franchiseeId ? eq(customerWalkRequests.franchisee_id, franchiseeId) : undefined,
            isNull(customerWalkRequests.deleted_at),
          ),
        );
      return r;
    };
    const cards = async (token: string) =>
      dataOf(await api("GET", "customer_walk_requests/statistics", { token })) as Record<string, number>;
    const expectCards = async () => {
      expect(await cards(adminToken)).toEqual(await counted());
      expect(await cards(faToken)).toEqual(await counted(faFranchiseeId));
      // Kept, not counted: the company's figure rows say the same.
      const kept = await db
        .select({ figure: companyFigures.figure, value: companyFigures.value })
        .from(companyFigures)
        .where(and(eq(companyFigures.company_id, happyId), eq(companyFigures.franchisee_id, 0)));
      const byName = Object.fromEntries(kept.map((k) => [k.figure, Number(k.value)]));
      const c = await counted();
      expect(byName["walk_requests.total"] ?? 0).toBe(c.total_requests);
      expect(byName["walk_requests.pending"] ?? 0).toBe(c.pending_requests);
      expect(byName["walk_requests.refunds"] ?? 0).toBeCloseTo(c.total_refunds, 2);
    };
    await expectCards();
    const c = await newCustomer();
    const other = await newCustomer({ franchiseeId: otherFranchiseeId });
    // Created: a refund-eligible cancellation (days ahead), a reschedule, one of another franchisee.
    const cancel = await request(c, { walk_id: (await walkOf(c, 26)).id, request_type: "cancel" });
    const res = await request(c, {
      walk_id: (await walkOf(c, 27)).id,
      request_type: "reschedule",
      new_date: day(28),
      new_timeslot: "07:00",
    });
    await request(other, { walk_id: (await walkOf(other, 26)).id, request_type: "cancel" });
    await expectCards();
    // Approved, rejected (the refund no longer counts), deleted, restored.
    expect(
      (await api("POST", `customer_walk_requests/${res.id}/approve`, { token: faToken, body: {} })).status,
    ).toBe(200);
    await expectCards();
    expect(
      (
        await api("POST", `customer_walk_requests/${cancel.id}/reject`, {
          token: faToken,
          body: { admin_remarks: "No" },
        })
      ).status,
    ).toBe(200);
    await expectCards();
    expect((await api("POST", `customer_walk_requests/clear/${res.id}`, { token: faToken })).status).toBe(
      200,
    );
    await expectCards();
    expect((await api("POST", `customer_walk_requests/restore/${res.id}`, { token: faToken })).status).toBe(
      200,
    );
    await expectCards();
  });

  it("searches by any 3+ characters of the customer's name, email or phone, and the reason", async () => {
    const c = await newCustomer();
    const r = await request(c, {
      walk_id: (await walkOf(c, 29)).id,
      request_type: "cancel",
      reason: "Quokka",
    });
    const [u] = await db.select().from(users).where(eq(users.id, c.id));
    const found = async (term: string) =>
      (
        (
          await api(
            "GET",
            `customer_walk_requests?rowsPerPage=1000&search_keyword=${encodeURIComponent(term)}`,
            {
              token: adminToken,
            },
          )
        ).json.data as Json[]
      ).map((x) => x.id);
    // The last name is the customer's unique tag: any inner 3 characters, any case.
    expect(await found(u.last_name.slice(3, 6).toUpperCase())).toContain(r.id);
    expect(await found(u.email.slice(5, 12))).toContain(r.id);
    expect(await found(`${u.first_name} ${u.last_name}`)).toEqual([r.id]);
    expect(await found("okk")).toContain(r.id);
    expect(await found(`${u.last_name}-nobody`)).toEqual([]);
  });

  it("a franchisee admin sees their franchisee's requests only; another company's admin gets 404", async () => {
    const mine = await newCustomer();
    const theirs = await newCustomer({ franchiseeId: otherFranchiseeId });
    const a = dataOf(await ask(mine, { walk_id: (await walkOf(mine, 24)).id, request_type: "cancel" }));
    const b = dataOf(await ask(theirs, { walk_id: (await walkOf(theirs, 24)).id, request_type: "cancel" }));
    expect(b.franchisee_id).toBe(otherFranchiseeId);
    const list = await api("GET", "customer_walk_requests?rowsPerPage=1000", { token: faToken });
    const listed = (list.json.data as Json[]).map((x) => x.id);
    expect(listed).toContain(a.id);
    expect(listed).not.toContain(b.id);
    expect((list.json.data as Json[]).every((x) => x.franchisee_id === faFranchiseeId)).toBe(true);
    expect((await api("GET", `customer_walk_requests/${b.id}`, { token: faToken })).status).toBe(404);
    expect(
      (
        await api("POST", `customer_walk_requests/${b.id}/reject`, {
          token: faToken,
          body: { admin_remarks: "x" },
        })
      ).status,
    ).toBe(404);
    const stats = dataOf(await api("GET", "customer_walk_requests/statistics", { token: faToken })) as Record<
      string,
      number
    >;
    const [own] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(customerWalkRequests)
      .where(
        and(eq(customerWalkRequests.franchisee_id, faFranchiseeId), isNull(customerWalkRequests.deleted_at)),
      );
    expect(stats.total_requests).toBe(own.total);
    // Another company.
    expect((await api("GET", `customer_walk_requests/${a.id}`, { token: wagToken })).status).toBe(404);
    expect(
      (await api("POST", `customer_walk_requests/${a.id}/approve`, { token: wagToken, body: {} })).status,
    ).toBe(404);
    expect((await api("POST", `customer_walk_requests/clear/${a.id}`, { token: wagToken })).status).toBe(404);
    // A customer sees only their own; may not approve.
    const own2 = await api("GET", `customer_walk_requests/${b.id}`, { token: mine.token });
    expect([403, 404]).toContain(own2.status);
    expect(
      (await api("POST", `customer_walk_requests/${a.id}/approve`, { token: mine.token, body: {} })).status,
    ).toBe(403);
  });
});
