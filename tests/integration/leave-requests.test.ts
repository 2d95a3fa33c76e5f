import { and, desc, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  auditRecords,
  companies,
  dailyJobPlans,
  dailyJobPlanWalks,
  franchisees,
  leaveRequests,
  leaveRequestWalks,
  notifications,
  userMonthlyJobRequests,
  userPets,
  users,
} from "@/db/schema";
import { masterRows, ZONES_VALUE } from "@/lib/franchise/master-rows";
import { indiaNow } from "@/lib/jobs/common";
import { LEAVE_MESSAGES } from "@/lib/jobs/leave-requests";
import { issueApiToken } from "@/lib/platform/api-tokens";
import type { Ctx } from "@/lib/platform/context";
import { encodeId } from "@/lib/platform/ids";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, api, ctxFor, seeded, tokenFor } from "../support/fixtures";

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/leave-requests/actions");

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let adminToken: string;

let n = 0;
const tag = () => `lv${Date.now().toString(36)}${++n}`;

/** YYYY-MM-DD `days` after India's today. */
const day = (days: number) => {
  const d = new Date(`${indiaNow().date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const D = day(5);
const D2 = day(6);

async function franchisee(zoneId: number | null) {
  const [f] = await db
    .insert(franchisees)
    .values({ company_id: happy.id, name: `Leave Franchisee ${tag()}`, zone_id: zoneId, status: 1 })
    .returning();
  return f.id;
}

async function user(o: { role?: string; franchiseeId?: number | null; first: string; active?: number }) {
  const t = tag();
  const [u] = await db
    .insert(users)
    .values({
      company_id: happy.id,
      role_id: ROLE_IDS[(o.role ?? ROLE.USER) as keyof typeof ROLE_IDS],
      franchisee_id: o.franchiseeId ?? null,
      first_name: o.first,
      last_name: t,
      email: `${t}@leave.test`,
      phone: `+91 9${String(Date.now()).slice(-6)}${n % 10}${n % 7}${n % 3}`,
      employee_code: `EMP-${t.toUpperCase()}`,
      password_hash: `!unset:${t}`,
      is_active: o.active ?? 1,
    })
    .returning();
  return u;
}

let F: number;
let F2: number;
let zone: number;
let fa: Awaited<ReturnType<typeof user>>;
let faCtx: Ctx;
let faToken: string;
let customer: Awaited<ReturnType<typeof user>>;
let pet1: number;
let pet2: number;

/** A daily plan of the customer on `date` (pet1, or pet2) with walks of `walker` at these times (30 minutes). */
async function walks(
  walkerId: number,
  date: string,
  times: string[],
  o: { pet?: number; status?: number; requestId?: number; franchiseeId?: number } = {},
) {
  const [plan] = await db
    .insert(dailyJobPlans)
    .values({
      company_id: happy.id,
      user_id: customer.id,
      franchisee_id: o.franchiseeId ?? F,
      walker_id: walkerId,
      user_pet_id: o.pet ?? pet1,
      user_monthly_job_request_id: o.requestId ?? null,
      date,
    })
    .returning();
  const rows = await db
    .insert(dailyJobPlanWalks)
    .values(
      times.map((t, i) => ({
        company_id: happy.id,
        daily_job_plan_id: plan.id,
        franchisee_id: o.franchiseeId ?? F,
        walker_id: walkerId,
        date,
        walk_no: i + 1,
        timeslot: t,
        duration_minutes: 30,
        status: o.status ?? 0,
      })),
    )
    .returning();
  return rows.map((r) => r.id);
}

const walkerOfWalks = async (ids: number[]) =>
  Object.fromEntries(
    (
      await db
        .select({ id: dailyJobPlanWalks.id, walker_id: dailyJobPlanWalks.walker_id })
        .from(dailyJobPlanWalks)
        .where(inArray(dailyJobPlanWalks.id, ids))
    ).map((r) => [r.id, r.walker_id]),
  );

const notes = (userId: number) => db.select().from(notifications).where(eq(notifications.user_id, userId));

let W: Awaited<ReturnType<typeof user>>;
let A: Awaited<ReturnType<typeof user>>;
let B: Awaited<ReturnType<typeof user>>;
let C: Awaited<ReturnType<typeof user>>;
let H: Awaited<ReturnType<typeof user>>;
let wWalks: number[];

beforeAll(async () => {
  ({ db, happy } = await seeded());
  const admin = await ctxFor(adminEmail);
  session.ctx = admin;
  adminToken = await tokenFor(adminEmail);
  zone = (await masterRows(admin, ZONES_VALUE))[0].id;
  F = await franchisee(zone);
  F2 = await franchisee(zone);
  fa = await user({ role: ROLE.FRANCHISEE_ADMIN, franchiseeId: F, first: "Fiona" });
  faCtx = await ctxFor(fa.email);
  faToken = await issueApiToken(fa.id);
  customer = await user({ first: "Kiran" });
  [pet1, pet2] = (
    await db
      .insert(userPets)
      .values([
        { company_id: happy.id, user_id: customer.id, name: "Bruno" },
        { company_id: happy.id, user_id: customer.id, name: "Coco" },
      ])
      .returning()
  ).map((p) => p.id);

  W = await user({ franchiseeId: F, first: "Walter" });
  A = await user({ franchiseeId: F, first: "Asha" });
  B = await user({ franchiseeId: F, first: "Bina" });
  C = await user({ franchiseeId: F, first: "Chetan" });
  H = await user({ franchiseeId: F, first: "Hari" });
  const G = await user({ franchiseeId: F, first: "Gita" });
  await user({ franchiseeId: F, first: "Inactive", active: 0 });
  await user({ franchiseeId: F2, first: "Elsewhere" });

  // W's day: 08:00, 12:00 and 18:00; the customer's monthly request is in the zone and W had it.
  const [m] = await db
    .insert(userMonthlyJobRequests)
    .values({
      company_id: happy.id,
      user_id: customer.id,
      franchisee_id: F,
      month: Number(D.slice(5, 7)),
      year: Number(D.slice(0, 4)),
      start_date: day(0),
      end_date: day(20),
      zone_id: zone,
      walker_id: W.id,
      status: 1,
      franchisee_approval_status: 1,
    })
    .returning();
  wWalks = [
    ...(await walks(W.id, D, ["08:00"])),
    ...(await walks(W.id, D, ["12:00"], { pet: pet2, requestId: m.id })),
    ...(await walks(W.id, D, ["18:00"])),
  ];
  // A walks a request of the same zone that day, at 15:00 (no clash with 11:00-13:00).
  const [ma] = await db
    .insert(userMonthlyJobRequests)
    .values({
      company_id: happy.id,
      user_id: customer.id,
      franchisee_id: F,
      month: Number(D.slice(5, 7)),
      year: Number(D.slice(0, 4)),
      start_date: day(0),
      end_date: day(20),
      zone_id: zone,
      walker_id: A.id,
    })
    .returning();
  await walks(A.id, D, ["15:00"], { requestId: ma.id });
  // B walked Coco (pet2) before; C has nothing; H has a walk at 12:15 (a clash); G is on approved leave that day.
  await walks(B.id, day(1), ["10:00"], { pet: pet2, status: 2 });
  await walks(H.id, D, ["12:15"]);
  await db.insert(leaveRequests).values({
    company_id: happy.id,
    user_id: G.id,
    franchisee_id: F,
    date: D,
    leave_type: "full_day",
    status: 1,
  });
});

let L1: number;

describe("a walker's own leave request (the app)", () => {
  it("POSTs for themself: their franchisee, pending; the franchisee's admins hear of it", async () => {
    const token = await issueApiToken(W.id);
    const r = await api("POST", "leave_requests", {
      token,
      body: {
        date: D,
        leave_type: "time_range",
        start_time: "11:00",
        end_time: "13:00",
        reason: "Doctor",
        user_id: C.id,
      },
    });
    expect(r.status).toBe(200);
    const data = r.json.data as Record<string, unknown>;
    expect(data).toMatchObject({
      user_id: W.id,
      franchisee_id: F,
      status: 0,
      leave_type: "time_range",
      reason: "Doctor",
    });
    expect(data.start_time).toMatch(/^11:00/);
    L1 = data.id as number;
    // The franchisee admin's notice names the leave itself, so deciding it marks the notice read.
    const asked = (await notes(fa.id)).filter((x) => x.title === "New leave request");
    expect(asked.map((x) => x.link)).toContain(`/leave-requests/${encodeId(L1)}`);
    // The walks it would affect: the 12:00 one only.
    const one = await api("GET", `leave_requests/${L1}`, { token: adminToken });
    const ws = (one.json.data as { walks: { walk_id: number; pet_name: string; pet_owner: string }[] }).walks;
    expect(ws.map((w) => w.walk_id)).toEqual([wWalks[1]]);
    expect(ws[0]).toMatchObject({ pet_name: "Coco" });
    expect(ws[0].pet_owner).toContain("Kiran");
    // The walker lists and opens their own leave only (networkScope's own rows).
    const mine = await api("GET", "leave_requests", { token });
    expect(mine.status).toBe(200);
    const rows = mine.json.data as { id: number; user_id: number }[];
    expect(rows.map((r) => r.id)).toContain(L1);
    expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set([data.user_id as number]));
  });

  it("refuses a past date, a time range ending before it starts, and an overlapping leave (422)", async () => {
    const token = await issueApiToken(W.id);
    const past = await api("POST", "leave_requests", {
      token,
      body: { date: day(-1), leave_type: "full_day" },
    });
    expect(past.status).toBe(422);
    expect(past.json.errors?.date?.[0]).toBe(LEAVE_MESSAGES.past);
    const backwards = await api("POST", "leave_requests", {
      token,
      body: { date: D, leave_type: "time_range", start_time: "13:00", end_time: "12:00" },
    });
    expect(backwards.status).toBe(422);
    expect(backwards.json.errors?.end_time?.[0]).toBe(LEAVE_MESSAGES.endAfterStart);
    const overlap = await api("POST", "leave_requests", { token, body: { date: D, leave_type: "full_day" } });
    expect(overlap.status).toBe(422);
    expect(overlap.json.errors?.date?.[0]).toBe(LEAVE_MESSAGES.overlap);
    // Another time that day is fine (and then rejected, for the next tests).
    const later = await api("POST", "leave_requests", {
      token,
      body: { date: D, leave_type: "time_range", start_time: "19:00", end_time: "20:00" },
    });
    expect(later.status).toBe(200);
    const reject = await api("PATCH", `leave_requests/${(later.json.data as { id: number }).id}`, {
      token: faToken,
      body: { id: (later.json.data as { id: number }).id, status: 2, leave_type: "time_range" },
    });
    expect(reject.status).toBe(200);
    expect((reject.json.data as { status: number }).status).toBe(2);
  });

  it("a customer (no franchisee's staff) cannot ask for leave", async () => {
    const token = await issueApiToken(customer.id);
    const r = await api("POST", "leave_requests", { token, body: { date: D } });
    expect(r.status).toBe(422);
    expect(r.json.errors?.user_id?.[0]).toBe(LEAVE_MESSAGES.walker);
  });
});

describe("available staff", () => {
  it("the franchisee's free, active walkers: same zone first, then who walked these pets, then the fewest walks", async () => {
    const r = await api("GET", `leave_requests/${L1}/available-staff`, { token: faToken });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true });
    const staff = r.json.data as {
      id: number;
      first_name: string;
      same_zone: boolean;
      walked_pets_before: boolean;
    }[];
    // Not W (on leave), H (a walk at 12:15), G (approved leave), the inactive one, the other franchisee's.
    expect(staff.map((s) => s.first_name)).toEqual(["Asha", "Bina", "Chetan"]);
    expect(staff[0].same_zone).toBe(true);
    expect(staff[1]).toMatchObject({ same_zone: false, walked_pets_before: true });
    expect(Object.keys(staff[0]).sort()).toEqual(
      expect.arrayContaining([
        "id",
        "first_name",
        "middle_name",
        "last_name",
        "employee_code",
        "phone",
        "image_path",
      ]),
    );
  });

  it("pages the ranking by cursor and searches it on the server (a limit, then the ones after)", async () => {
    type Member = { first_name: string; cursor: string };
    const get = async (q: string) => {
      const r = await api("GET", `leave_requests/${L1}/available-staff?${q}`, { token: faToken });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      return r.json.data as Member[];
    };
    const all = await get("");
    expect(all.map((s) => s.first_name)).toEqual(["Asha", "Bina", "Chetan"]);
    const first = await get("limit=2");
    expect(first.map((s) => s.first_name)).toEqual(["Asha", "Bina"]);
    const rest = await get(`limit=2&after=${first[1].cursor}`);
    expect(rest.map((s) => s.first_name)).toEqual(["Chetan"]);
    expect(await get(`limit=2&after=${rest[0].cursor}`)).toEqual([]);
    expect((await get("search=hETA")).map((s) => s.first_name)).toEqual(["Chetan"]);
    const bad = await api("GET", `leave_requests/${L1}/available-staff?limit=0`, { token: faToken });
    expect(bad.status).toBe(422);
    const badCursor = await api("GET", `leave_requests/${L1}/available-staff?after=nonsense`, {
      token: faToken,
    });
    expect(badCursor.status).toBe(422);
    expect(badCursor.json.errors?.after).toBeDefined();
  });

  it("a walk running past the leave's end needs its replacement until the walk ends", async () => {
    const Q = await user({ franchiseeId: F, first: "Qadir" });
    const R = await user({ franchiseeId: F, first: "Rekha" });
    await walks(Q.id, D2, ["11:45"]);
    await walks(R.id, D2, ["12:05"]);
    const [l] = await db
      .insert(leaveRequests)
      .values({
        company_id: happy.id,
        user_id: Q.id,
        franchisee_id: F,
        date: D2,
        leave_type: "time_range",
        start_time: "11:00",
        end_time: "12:00",
      })
      .returning();
    const r = await api("GET", `leave_requests/${l.id}/available-staff`, { token: faToken });
    const names = (r.json.data as { first_name: string }[]).map((s) => s.first_name);
    expect(names).not.toContain("Rekha");
    expect(names).toContain("Chetan");
    await db.update(leaveRequests).set({ status: 2 }).where(eq(leaveRequests.id, l.id));
  });

  it("another franchisee's admin gets 404", async () => {
    const other = await user({ role: ROLE.FRANCHISEE_ADMIN, franchiseeId: F2, first: "Other" });
    const r = await api("GET", `leave_requests/${L1}/available-staff`, {
      token: await issueApiToken(other.id),
    });
    expect(r.status).toBe(404);
  });
});

describe("approve with replacement", () => {
  it("refuses a replacement who is not available (422) and changes nothing", async () => {
    const r = await api("POST", `leave_requests/${L1}/approve-with-replacement`, {
      token: faToken,
      body: { replacement_user_id: H.id, admin_remarks: null },
    });
    expect(r.status).toBe(422);
    expect(r.json.errors?.replacement_user_id?.[0]).toBe(LEAVE_MESSAGES.unavailable);
    const [l] = await db.select().from(leaveRequests).where(eq(leaveRequests.id, L1));
    expect(l.status).toBe(0);
    expect(await walkerOfWalks(wWalks)).toEqual({ [wWalks[0]]: W.id, [wWalks[1]]: W.id, [wWalks[2]]: W.id });
  });

  it("time_range: moves exactly the overlapping walk to the replacement, records it, notifies", async () => {
    const r = await api("POST", `leave_requests/${L1}/approve-with-replacement`, {
      token: faToken,
      body: { replacement_user_id: C.id, admin_remarks: "Covered by Chetan" },
    });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ success: true, message: LEAVE_MESSAGES.approved });
    expect(r.json.data).toMatchObject({
      status: 1,
      replacement_user_id: C.id,
      admin_remarks: "Covered by Chetan",
      processed_by: fa.id,
    });
    expect(await walkerOfWalks(wWalks)).toEqual({ [wWalks[0]]: W.id, [wWalks[1]]: C.id, [wWalks[2]]: W.id });
    const links = await db.select().from(leaveRequestWalks).where(eq(leaveRequestWalks.leave_request_id, L1));
    expect(links).toMatchObject([
      { walk_id: wWalks[1], original_walker_id: W.id, replacement_user_id: C.id },
    ]);
    expect((await notes(C.id)).map((x) => x.title)).toContain("1 walk moved to you");
    expect((await notes(W.id)).map((x) => x.title)).toContain("Leave approved");
    // The franchisee admin's "New leave request" notice of this leave is done.
    const asked = (await notes(fa.id)).filter((x) => x.link === `/leave-requests/${encodeId(L1)}`);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((x) => x.read_at != null)).toBe(true);
    // The history records it, with the walk and who has it now.
    const [audit] = await db
      .select()
      .from(auditRecords)
      .where(and(eq(auditRecords.entity, "leave_requests"), eq(auditRecords.entity_id, L1)))
      .orderBy(desc(auditRecords.id))
      .limit(1);
    expect(audit.new_json).toMatchObject({ status: 1, walks: [expect.stringContaining("Chetan")] });
    // Once approved: 409; the list's walks are the recorded ones, with who has each now.
    const again = await api("POST", `leave_requests/${L1}/approve-with-replacement`, {
      token: faToken,
      body: { replacement_user_id: null, admin_remarks: null },
    });
    expect(again.status).toBe(409);
    const list = await api("GET", `leave_requests?status=1&user_id=${W.id}`, { token: faToken });
    const row = (
      list.json.data as {
        id: number;
        walks: { walker_id: number; covered: boolean }[];
        replacement_name: string;
      }[]
    ).find((x) => x.id === L1)!;
    expect(row.walks).toMatchObject([{ walker_id: C.id, covered: true }]);
    expect(row.replacement_name).toContain("Chetan");
  });

  it("reassigns one walk to another available member (and back to none: uncovered)", async () => {
    const staff = await api("GET", `leave_requests/${L1}/walks/${wWalks[1]}/available-staff`, {
      token: faToken,
    });
    expect(staff.status).toBe(200);
    const names = (staff.json.data as { first_name: string }[]).map((s) => s.first_name);
    expect(names).toContain("Bina");
    expect(names).not.toContain("Hari");
    const r = await api("POST", `leave_requests/${L1}/walks/${wWalks[1]}/reassign`, {
      token: faToken,
      body: { replacement_user_id: B.id },
    });
    expect(r.status).toBe(200);
    expect(await walkerOfWalks([wWalks[1]])).toEqual({ [wWalks[1]]: B.id });
    expect((await notes(C.id)).map((x) => x.title)).toContain("A walk was moved from you");
    const bad = await api("POST", `leave_requests/${L1}/walks/${wWalks[1]}/reassign`, {
      token: faToken,
      body: { replacement_user_id: H.id },
    });
    expect(bad.status).toBe(422);
    const notOfLeave = await api("POST", `leave_requests/${L1}/walks/${wWalks[0]}/reassign`, {
      token: faToken,
      body: { replacement_user_id: B.id },
    });
    expect(notOfLeave.status).toBe(404);
  });

  it("full_day: moves the walker's not-started walks of the day, not the started or cancelled ones", async () => {
    const V = await user({ franchiseeId: F, first: "Vijay" });
    const [a, b] = await walks(V.id, D2, ["09:00", "17:00"]);
    const [started] = await walks(V.id, D2, ["07:00"], { status: 1 });
    const [cancelled] = await walks(V.id, D2, ["20:00"], { status: 6 });
    const [other] = await walks(V.id, day(7), ["09:00"]);
    // An admin enters it for the walker.
    const created = await api("POST", "leave_requests", {
      token: adminToken,
      body: { user_id: V.id, date: D2, leave_type: "full_day", start_time: "10:00", reason: "Family" },
    });
    expect(created.status).toBe(200);
    const leave = created.json.data as { id: number; franchisee_id: number; start_time: string | null };
    expect(leave).toMatchObject({ franchisee_id: F, start_time: null });
    const staff = await api("GET", `leave_requests/${leave.id}/available-staff`, { token: faToken });
    const names = (staff.json.data as { first_name: string }[]).map((s) => s.first_name);
    expect(names).not.toContain("Vijay");
    expect(names).toContain("Chetan");
    const r = await api("POST", `leave_requests/${leave.id}/approve-with-replacement`, {
      token: faToken,
      body: { replacement_user_id: C.id, admin_remarks: "" },
    });
    expect(r.status).toBe(200);
    expect(await walkerOfWalks([a, b, started, cancelled, other])).toEqual({
      [a]: C.id,
      [b]: C.id,
      [started]: V.id,
      [cancelled]: V.id,
      [other]: V.id,
    });
    expect((await notes(C.id)).map((x) => x.title)).toContain("2 walks moved to you");
  });

  it("without a replacement (a status patch of 1): the walks are recorded uncovered and stay", async () => {
    const U = await user({ franchiseeId: F, first: "Uma" });
    const [a] = await walks(U.id, D2, ["09:00"]);
    const [l] = await db
      .insert(leaveRequests)
      .values({ company_id: happy.id, user_id: U.id, franchisee_id: F, date: D2, leave_type: "full_day" })
      .returning();
    const r = await api("PATCH", `leave_requests/${l.id}`, {
      token: faToken,
      body: { id: l.id, status: 1, leave_type: "full_day" },
    });
    expect(r.status).toBe(200);
    expect(await walkerOfWalks([a])).toEqual({ [a]: U.id });
    const links = await db
      .select()
      .from(leaveRequestWalks)
      .where(eq(leaveRequestWalks.leave_request_id, l.id));
    expect(links).toMatchObject([{ walk_id: a, original_walker_id: U.id, replacement_user_id: null }]);
    expect((r.json.data as { walks: { covered: boolean }[] }).walks).toMatchObject([{ covered: false }]);
  });

  it("two approvals at once leave one result: one 200, the other 409", async () => {
    const X = await user({ franchiseeId: F, first: "Xavier" });
    const ws = await walks(X.id, D2, ["09:00"]);
    const [l] = await db
      .insert(leaveRequests)
      .values({ company_id: happy.id, user_id: X.id, franchisee_id: F, date: D2, leave_type: "full_day" })
      .returning();
    const Y = await user({ franchiseeId: F, first: "Yash" });
    const Z = await user({ franchiseeId: F, first: "Zoya" });
    const [r1, r2] = await Promise.all([
      api("POST", `leave_requests/${l.id}/approve-with-replacement`, {
        token: faToken,
        body: { replacement_user_id: Y.id },
      }),
      api("POST", `leave_requests/${l.id}/approve-with-replacement`, {
        token: adminToken,
        body: { replacement_user_id: Z.id },
      }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    const winner = r1.status === 200 ? Y.id : Z.id;
    const links = await db
      .select()
      .from(leaveRequestWalks)
      .where(eq(leaveRequestWalks.leave_request_id, l.id));
    expect(links).toHaveLength(1);
    expect(links[0].replacement_user_id).toBe(winner);
    expect(await walkerOfWalks(ws)).toEqual({ [ws[0]]: winner });
    const [after] = await db.select().from(leaveRequests).where(eq(leaveRequests.id, l.id));
    expect(after).toMatchObject({ status: 1, replacement_user_id: winner });
  });

  it("two leaves approved at once with the same replacement at the same time: one gets them, the other 422", async () => {
    const [P1, P2, M] = await Promise.all([
      user({ franchiseeId: F, first: "Pallavi" }),
      user({ franchiseeId: F, first: "Pranav" }),
      user({ franchiseeId: F, first: "Meera" }),
    ]);
    const date = day(8);
    await walks(P1.id, date, ["10:00"]);
    await walks(P2.id, date, ["10:00"]);
    const leaves = await db
      .insert(leaveRequests)
      .values(
        [P1, P2].map((p) => ({
          company_id: happy.id,
          user_id: p.id,
          franchisee_id: F,
          date,
          leave_type: "full_day",
        })),
      )
      .returning();
    const answers = await Promise.all(
      leaves.map((l) =>
        api("POST", `leave_requests/${l.id}/approve-with-replacement`, {
          token: faToken,
          body: { replacement_user_id: M.id },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const mine = await db
      .select({ id: dailyJobPlanWalks.id })
      .from(dailyJobPlanWalks)
      .where(and(eq(dailyJobPlanWalks.walker_id, M.id), eq(dailyJobPlanWalks.date, date)));
    expect(mine).toHaveLength(1);
  });
});

describe("reject, delete, restore and the server actions", () => {
  it("rejects a pending leave once (the list's action), then 409", async () => {
    session.ctx = faCtx;
    const R = await user({ franchiseeId: F, first: "Ravi" });
    const [l] = await db
      .insert(leaveRequests)
      .values({ company_id: happy.id, user_id: R.id, franchisee_id: F, date: D2, leave_type: "full_day" })
      .returning();
    const r = await actions.decideLeaveRequestAction(encodeId(l.id), "reject");
    expect(r.ok).toBe(true);
    const [after] = await db.select().from(leaveRequests).where(eq(leaveRequests.id, l.id));
    expect(after).toMatchObject({ status: 2, processed_by: fa.id });
    const again = await actions.decideLeaveRequestAction(encodeId(l.id), "reject");
    expect(again).toMatchObject({ ok: false, status: 409 });
    expect((await notes(R.id)).map((x) => x.title)).toContain("Leave rejected");
    // Delete and restore.
    expect((await actions.deleteLeaveRequestAction(encodeId(l.id))).ok).toBe(true);
    expect((await actions.restoreLeaveRequestAction(encodeId(l.id))).ok).toBe(true);
  });

  it("the modal's actions: staff (opaque ids), then approval with one of them", async () => {
    session.ctx = faCtx;
    const S = await user({ franchiseeId: F, first: "Sunil" });
    await walks(S.id, D2, ["06:00"]);
    const [l] = await db
      .insert(leaveRequests)
      .values({
        company_id: happy.id,
        user_id: S.id,
        franchisee_id: F,
        date: D2,
        leave_type: "time_range",
        start_time: "05:30",
        end_time: "07:00",
      })
      .returning();
    const staff = await actions.availableStaffAction(encodeId(l.id));
    expect(staff.ok).toBe(true);
    const list = staff.ok ? staff.data : [];
    expect(list.length).toBeGreaterThan(0);
    expect(typeof list[0].id).toBe("string");
    const r = await actions.decideLeaveRequestAction(encodeId(l.id), "approve", {
      replacement_user_id: list[0].id,
      admin_remarks: "ok",
    });
    expect(r).toMatchObject({ ok: true, data: { status: 1 } });
    const [after] = await db
      .select()
      .from(leaveRequests)
      .where(and(eq(leaveRequests.id, l.id)));
    expect(after.status).toBe(1);
  });

  it("the modal's and dialog's actions refuse without approve (403) and outside the scope (404)", async () => {
    const [l] = await db
      .insert(leaveRequests)
      .values({ company_id: happy.id, user_id: W.id, franchisee_id: F, date: day(9), leave_type: "full_day" })
      .returning();
    const id = encodeId(l.id);
    session.ctx = await ctxFor("master@happypaws.test", happy.id);
    for (const r of [
      await actions.availableStaffAction(id),
      await actions.decideLeaveRequestAction(id, "approve", { replacement_user_id: null }),
      await actions.decideLeaveRequestAction(id, "reject"),
      await actions.reassignLeaveWalkAction(id, encodeId(wWalks[0]), null),
    ])
      expect(r).toMatchObject({ ok: false, status: 403 });
    const other = await user({ role: ROLE.FRANCHISEE_ADMIN, franchiseeId: F2, first: "Otto" });
    session.ctx = await ctxFor(other.email);
    for (const r of [
      await actions.availableStaffAction(id),
      await actions.decideLeaveRequestAction(id, "approve", { replacement_user_id: null }),
      await actions.decideLeaveRequestAction(id, "reject"),
    ])
      expect(r).toMatchObject({ ok: false, status: 404 });
    const [after] = await db.select().from(leaveRequests).where(eq(leaveRequests.id, l.id));
    expect(after.status).toBe(0);
  });

  it("a franchisee admin lists only their franchisee's leave", async () => {
    const r = await api("GET", "leave_requests?rowsPerPage=100", { token: faToken });
    expect(r.status).toBe(200);
    expect((r.json.data as { franchisee_id: number }[]).every((x) => x.franchisee_id === F)).toBe(true);
    const filtered = await api(
      "GET",
      `leave_requests?leave_type=time_range&from_date=${D}&to_date=${D}&search_keyword=walter`,
      {
        token: faToken,
      },
    );
    expect(filtered.status).toBe(200);
    expect((filtered.json.data as { user_id: number }[]).every((x) => x.user_id === W.id)).toBe(true);
    expect(filtered.json.count).toBeGreaterThan(0);
  });
});
