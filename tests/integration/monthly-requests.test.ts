import { and, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  companies,
  dailyJobPlans,
  dailyJobPlanWalks,
  franchisees,
  notifications,
  plans,
  positions,
  userAddresses,
  userMonthlyJobRequests,
  userPets,
  users,
} from "@/db/schema";
import { indiaNow } from "@/lib/jobs/common";
import {
  franchiseeStep,
  MONTHLY_MESSAGES,
  monthlyRequestActions,
  monthlyRequestsCrud,
  statusStep,
} from "@/lib/jobs/monthly-requests";
import { clientApproval, decide, pendingOf } from "@/lib/platform/approval";
import { issueApiToken } from "@/lib/platform/api-tokens";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { POSITION, ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { streamExport } from "@/lib/platform/exports";
import { readXlsx, sheetRows } from "../support/xlsx";
import { adminEmail, api, ctxFor, DEMO_LOGINS, seeded, superEmail, tokenFor } from "../support/fixtures";

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);

const actions = await import("@/app/(portal)/user-monthly-job-requests/actions");

const crud = monthlyRequestsCrud;
let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let admin: Ctx;
let fa: Ctx;
let mf: Ctx;
let adminToken: string;
let faToken: string;
let franchiseeId: number;
let otherFranchiseeId: number;
let zoneId: number;
let planOneWalk: number;
let planTwoWalks: number;
let customer: typeof users.$inferSelect;
let pets: number[];
let addressId: number;
let walker: number;
let walker2: number;
let strangerWalker: number;

let n = 0;
const tag = () => `mr${Date.now().toString(36)}${++n}`;

/** Next month in India: its number, year, first and last day, and its days. */
function nextMonth() {
  const today = indiaNow().date;
  let y = Number(today.slice(0, 4));
  let m = Number(today.slice(5, 7)) + 1;
  if (m === 13) [y, m] = [y + 1, 1];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, "0");
  return { month: m, year: y, start: `${y}-${mm}-01`, end: `${y}-${mm}-${days}`, days };
}
const NEXT = nextMonth();

async function newUser(o: { franchisee?: number | null; position?: number | null } = {}) {
  const t = tag();
  const [u] = await db
    .insert(users)
    .values({
      company_id: happy.id,
      role_id: ROLE_IDS[ROLE.USER],
      franchisee_id: o.franchisee ?? null,
      position_id: o.position ?? null,
      first_name: "Monthly",
      last_name: t,
      user_name: `Monthly ${t}`,
      email: `monthly.${t}@test.test`,
      phone: `+91 98${String(Date.now()).slice(-8)}`,
      password_hash: `!unset:${t}`,
    })
    .returning();
  return u;
}

async function newPlan(dogs: number, walks: number) {
  const [p] = await db
    .insert(plans)
    .values({ company_id: happy.id, no_of_dogs: dogs, no_of_walks: walks, original_amount: 3000, days: 30 })
    .returning({ id: plans.id });
  return p.id;
}

async function failure(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

/** A new request of the customer, made by the ADMIN for the franchisee (one pet, the one-walk plan by default). */
async function newRequest(o: Record<string, unknown> = {}) {
  return crud.create(admin, {
    user_id: customer.id,
    user_address_id: addressId,
    user_pet_ids: [pets[0]],
    plan_id: planOneWalk,
    start_date: NEXT.start,
    end_date: NEXT.end,
    franchisee_id: franchiseeId,
    ...o,
  });
}

async function livePlans(requestId: number) {
  const rows = await db
    .select({ id: dailyJobPlans.id })
    .from(dailyJobPlans)
    .where(and(eq(dailyJobPlans.user_monthly_job_request_id, requestId), isNull(dailyJobPlans.deleted_at)));
  return rows.length;
}
async function liveWalks(requestId: number, walkerId?: number) {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(dailyJobPlanWalks)
    .innerJoin(dailyJobPlans, eq(dailyJobPlans.id, dailyJobPlanWalks.daily_job_plan_id))
    .where(
      and(
        eq(dailyJobPlans.user_monthly_job_request_id, requestId),
        isNull(dailyJobPlanWalks.deleted_at),
        walkerId != null ? eq(dailyJobPlanWalks.walker_id, walkerId) : undefined,
      ),
    );
  return Number(r.n);
}

beforeAll(async () => {
  ({ db, happy } = await seeded());
  admin = await ctxFor(adminEmail);
  fa = await ctxFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
  mf = await ctxFor(DEMO_LOGINS[ROLE.MASTER_FRANCHISEE]);
  session.ctx = admin;
  adminToken = await tokenFor(adminEmail);
  faToken = await tokenFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
  franchiseeId = fa.franchiseeId!;
  const [f] = await db.select().from(franchisees).where(eq(franchisees.id, franchiseeId));
  zoneId = f.zone_id!;
  const [other] = await db
    .insert(franchisees)
    .values({ company_id: happy.id, name: `Monthly Other ${tag()}`, zone_id: null })
    .returning({ id: franchisees.id });
  otherFranchiseeId = other.id;
  planOneWalk = await newPlan(1, 1);
  planTwoWalks = await newPlan(2, 2);
  // Only a customer (the CUSTOMER position) asks for monthly walks from the app (issue 22).
  const [pos] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.company_id, happy.id), eq(positions.name, POSITION.CUSTOMER)));
  customer = await newUser({ position: pos.id });
  pets = [];
  for (const name of ["Bruno", "Coco"]) {
    const [p] = await db
      .insert(userPets)
      .values({ company_id: happy.id, user_id: customer.id, name, weight: 12.5, age: 3 })
      .returning({ id: userPets.id });
    pets.push(p.id);
  }
  const [a] = await db
    .insert(userAddresses)
    .values({ company_id: happy.id, user_id: customer.id, address: "1 Bark Street, Andheri" })
    .returning({ id: userAddresses.id });
  addressId = a.id;
  walker = (await newUser({ franchisee: franchiseeId })).id;
  walker2 = (await newUser({ franchisee: franchiseeId })).id;
  strangerWalker = (await newUser({ franchisee: otherFranchiseeId })).id;
});

describe("create", () => {
  it("a customer's POST is their own request, pending, and the franchisee's admins hear of it", async () => {
    const token = await issueApiToken(customer.id);
    const r = await api("POST", "user_monthly_job_requests", {
      token,
      body: {
        user_id: 1, // ignored: an app user asks for themself
        user_address_id: addressId,
        user_pet_ids: [pets[0]],
        plan_id: planOneWalk,
        start_date: NEXT.start,
        end_date: NEXT.end,
        franchisee_id: franchiseeId,
      },
    });
    expect(r.status).toBe(200);
    const row = r.json.data as typeof userMonthlyJobRequests.$inferSelect & { user_pet_ids: number[] };
    expect(row).toMatchObject({
      user_id: customer.id,
      status: 0,
      franchisee_approval_status: 0,
      month: NEXT.month,
      year: NEXT.year,
      zone_id: zoneId,
      franchisee_id: franchiseeId,
      user_pet_ids: [pets[0]],
    });
    const heard = await db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.user_id, fa.userId),
          eq(notifications.link, `/user-monthly-job-requests/${encodeId(row.id)}`),
        ),
      );
    expect(heard).toHaveLength(1);
    expect(heard[0].title).toBe(MONTHLY_MESSAGES.newRequest);
    // The app user lists their own requests only (networkScope's own rows).
    const mine = await api("GET", "user_monthly_job_requests", { token });
    expect(mine.status).toBe(200);
    const rows = mine.json.data as { id: number; user_id: number }[];
    expect(rows.map((r) => r.id)).toContain(row.id);
    expect(new Set(rows.map((r) => r.user_id))).toEqual(new Set([customer.id]));
  });

  it("checks the customer's address and pets, the plan's dogs and the dates (422 by field)", async () => {
    const other = await newUser();
    const e = await failure(
      newRequest({ user_pet_ids: [pets[0], pets[1]], end_date: `${NEXT.year - 1}-01-01` }),
    );
    expect(e.status).toBe(422);
    expect(Object.keys(e.fieldErrors ?? {}).sort()).toEqual(["end_date", "user_pet_ids"]);
    expect(e.fieldErrors?.user_pet_ids).toBe(MONTHLY_MESSAGES.petsCount(1));
    const e2 = await failure(newRequest({ user_id: other.id }));
    expect(Object.keys(e2.fieldErrors ?? {}).sort()).toEqual(["user_address_id", "user_pet_ids"]);
    const e3 = await failure(
      newRequest({ end_date: `${NEXT.year + 1}-12-31`, start_date: `${NEXT.year + 1}-01-01` }),
    );
    expect(e3.fieldErrors?.end_date).toBe(MONTHLY_MESSAGES.tooLong);
    const e4 = await failure(newRequest({ month: NEXT.month === 1 ? 2 : 1 }));
    expect(e4.fieldErrors?.month).toBe(MONTHLY_MESSAGES.monthMismatch);
    const e6 = await failure(newRequest({ user_id: walker }));
    expect(e6.fieldErrors?.user_id).toBe(MONTHLY_MESSAGES.customer);
    const e5 = await failure(newRequest({ user_id: "" }));
    expect(e5.fieldErrors?.user_id).toBe(MONTHLY_MESSAGES.customerRequired);
  });

  it("a franchisee's admin creates for their own franchisee only", async () => {
    const row = await crud.create(fa, {
      user_id: customer.id,
      user_address_id: addressId,
      user_pet_ids: [pets[0], pets[1]],
      plan_id: planTwoWalks,
      start_date: NEXT.start,
      end_date: NEXT.end,
    });
    expect(row.franchisee_id).toBe(franchiseeId);
    const e = await failure(
      crud.create(fa, {
        user_id: customer.id,
        user_address_id: addressId,
        user_pet_ids: [pets[0]],
        plan_id: planOneWalk,
        start_date: NEXT.start,
        end_date: NEXT.end,
        franchisee_id: otherFranchiseeId,
      }),
    );
    expect(e.fieldErrors?.franchisee_id).toBe(MONTHLY_MESSAGES.ownFranchisee);
  });
});

describe("the list", () => {
  it("answers each parameter: status, franchisee approval, franchisee, user, month, year, zone, active, keyword, trash, ALL", async () => {
    const other = await newUser();
    const [a2] = await db
      .insert(userAddresses)
      .values({ company_id: happy.id, user_id: other.id, address: `Unique Lane ${tag()}` })
      .returning();
    const [p2] = await db
      .insert(userPets)
      .values({ company_id: happy.id, user_id: other.id, name: "Oreo" })
      .returning();
    const mine = await newRequest({ user_id: other.id, user_address_id: a2.id, user_pet_ids: [p2.id] });
    const far = await newRequest({
      user_id: other.id,
      user_address_id: a2.id,
      user_pet_ids: [p2.id],
      start_date: `${NEXT.year + 1}-03-01`,
      end_date: `${NEXT.year + 1}-03-31`,
      franchisee_id: otherFranchiseeId,
      is_active: 0,
    });
    const ids = async (q: string) => {
      const r = await api("GET", `user_monthly_job_requests?rowsPerPage=1000000&user_id=${other.id}&${q}`, {
        token: adminToken,
      });
      expect(r.status).toBe(200);
      return (r.json.data as { id: number }[]).map((x) => x.id).sort((x, y) => x - y);
    };
    expect(await ids("")).toEqual([mine.id, far.id]);
    expect(await ids("status=0")).toEqual([mine.id, far.id]);
    expect(await ids("status=1")).toEqual([]);
    expect(await ids("franchisee_approval_status=0")).toEqual([mine.id, far.id]);
    expect(await ids(`franchisee_id=${otherFranchiseeId}`)).toEqual([far.id]);
    expect(await ids(`month=${NEXT.month}&year=${NEXT.year}`)).toEqual([mine.id]);
    expect(await ids("month=3")).toEqual(NEXT.month === 3 ? [mine.id, far.id] : [far.id]);
    expect(await ids(`year=${NEXT.year + 1}`)).toEqual(NEXT.year + 1 === NEXT.year ? [] : [far.id]);
    expect(await ids(`zone_id=${zoneId}`)).toEqual([mine.id]);
    expect(await ids("is_active=0")).toEqual([far.id]);
    expect(await ids(`search_keyword=${encodeURIComponent(a2.address.slice(-8))}`)).toEqual([
      mine.id,
      far.id,
    ]);
    expect(await ids("search_keyword=nothing-like-this")).toEqual([]);
    expect((await api("GET", "user_monthly_job_requests?status=7", { token: adminToken })).status).toBe(422);
    // The row: plan name, address, pets with breed, weight and age.
    const r = await api(
      "GET",
      `user_monthly_job_requests?user_id=${other.id}&month=${NEXT.month}&year=${NEXT.year}`,
      {
        token: adminToken,
      },
    );
    const row = (r.json.data as Record<string, unknown>[])[0];
    expect(row).toMatchObject({ address: a2.address, zone_id: zoneId, month: NEXT.month });
    expect(String(row.plan_name)).toContain("1 dog · 1 walk/day · 30 days");
    expect(row.user_monthly_job_request_pets).toEqual([
      {
        id: p2.id,
        name: "Oreo",
        breed: null,
        weight: null,
        age: null,
        // Spec 002 §3's user_pet {name, breed {description}, weight, age}.
        user_pet: { id: p2.id, name: "Oreo", breed: null, weight: null, age: null },
      },
    ]);
    // Trash.
    expect(
      (await api("POST", `user_monthly_job_requests/delete/${far.id}`, { token: adminToken })).status,
    ).toBe(200);
    expect(await ids("")).toEqual([mine.id]);
    expect(await ids("show_deleted=1")).toEqual([far.id]);
    const restored = await api("POST", `user_monthly_job_requests/restore/${far.id}`, { token: adminToken });
    expect(restored.json.message).toBe("Request restored successfully.");
  });

  it("exports the list's rows with its filters (plan, pets, approval labels)", async () => {
    const row = await newRequest({ user_pet_ids: [pets[1]] });
    const res = await streamExport(
      admin,
      crud.export as never,
      new URLSearchParams({ search_keyword: "Bark Street" }),
    );
    const ws = await readXlsx(Buffer.from(await res.arrayBuffer()));
    const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers).toEqual(
      expect.arrayContaining(["User", "Month", "Year", "Zone", "Plan", "Address", "Pets"]),
    );
    const found = sheetRows(ws).find((r) => Number(r.getCell(1).value) === row.id);
    expect(found).toBeDefined();
    const cell = (h: string) => String(found!.getCell(headers.indexOf(h) + 1).value ?? "");
    expect(cell("Pets")).toBe("Coco");
    expect(cell("Approval Status")).toBe("PENDING");
    expect(cell("Address")).toBe("1 Bark Street, Andheri");
    expect(cell("Plan")).toContain("1 dog");
  });

  it("a franchisee's admin sees their franchisee's requests only; a master franchisee their zones'", async () => {
    const theirs = await newRequest({ franchisee_id: otherFranchiseeId, zone_id: null });
    const ours = await newRequest();
    const list = await crud.list(fa, { rowsPerPage: "1000000" });
    expect(list.data.every((r) => r.franchisee_id === franchiseeId)).toBe(true);
    expect(list.data.some((r) => r.id === ours.id)).toBe(true);
    expect((await failure(crud.get(fa, theirs.id))).status).toBe(404);
    const mfList = await crud.list(mf, { rowsPerPage: "1000000" });
    expect(mfList.data.every((r) => r.zone_id != null && mf.zoneIds!.includes(r.zone_id))).toBe(true);
    expect((await failure(crud.get(mf, theirs.id))).status).toBe(404);
    // A master franchisee may view, not change.
    expect((await failure(crud.update(mf, { id: ours.id, zone_id: zoneId }))).status).toBe(403);
  });

  it("PATCH with zone_id alone answers 'Zone updated successfully'", async () => {
    const row = await newRequest({ zone_id: null, franchisee_id: otherFranchiseeId });
    const r = await api("PATCH", `user_monthly_job_requests/${row.id}`, {
      token: adminToken,
      body: { zone_id: zoneId },
    });
    expect(r.status).toBe(200);
    expect(r.json.message).toBe("Zone updated successfully");
    expect((r.json.data as { zone_id: number }).zone_id).toBe(zoneId);
    const bad = await api("PATCH", `user_monthly_job_requests/${row.id}`, {
      token: adminToken,
      body: { zone_id: 999999 },
    });
    expect(bad.status).toBe(422);
  });
});

describe("the edit form's role rules (spec 002 §4)", () => {
  it("franchisee approval, timeslots and remark: the franchisee's admin only (403 for others changing them)", async () => {
    const row = await newRequest();
    for (const body of [
      { franchisee_approval_status: 1 },
      { timeslot: "07:30" },
      { timeslot_2: "18:00" },
      { remark: "no" },
    ])
      expect((await failure(crud.update(admin, { id: row.id, ...body }))).status).toBe(403);
    // Sending the loaded values back passes.
    await crud.update(admin, {
      id: row.id,
      franchisee_approval_status: 0,
      timeslot: "",
      remark: "",
      is_active: 1,
    });
    // The status: holders of .approve only.
    expect((await failure(crud.update(fa, { id: row.id, status: 1 }))).status).toBe(403);
  });

  it("the status only once the franchisee has decided; approval needs a walker of the franchisee and a timeslot; rejection a remark", async () => {
    const row = await newRequest();
    const e = await failure(crud.update(admin, { id: row.id, status: 1 }));
    expect(e.status).toBe(422);
    expect(e.fieldErrors?.status).toBe(MONTHLY_MESSAGES.statusWhilePending);
    const e2 = await failure(crud.update(fa, { id: row.id, franchisee_approval_status: 1 }));
    expect(e2.fieldErrors).toMatchObject({
      walker_id: MONTHLY_MESSAGES.walkerRequired,
      timeslot: MONTHLY_MESSAGES.timeslotRequired,
    });
    const e3 = await failure(
      crud.update(fa, {
        id: row.id,
        franchisee_approval_status: 1,
        walker_id: strangerWalker,
        timeslot: "07:00",
      }),
    );
    expect(e3.fieldErrors?.walker_id).toBe(MONTHLY_MESSAGES.walker);
    const e4 = await failure(crud.update(fa, { id: row.id, franchisee_approval_status: 2 }));
    expect(e4.fieldErrors?.remark).toBe(MONTHLY_MESSAGES.remarkRequired);
    const e5 = await failure(crud.update(fa, { id: row.id, timeslot: "07:00", timeslot_2: "18:00" }));
    expect(e5.fieldErrors?.timeslot_2).toBe(MONTHLY_MESSAGES.timeslot2OneWalk);
    const e6 = await failure(crud.update(fa, { id: row.id, timeslot: "7am" }));
    expect(e6.status).toBe(422);
    const rejected = await crud.update(fa, {
      id: row.id,
      franchisee_approval_status: 2,
      remark: "No walker free",
    });
    expect(rejected).toMatchObject({ franchisee_approval_status: 2, remark: "No walker free" });
    // Not approved over the franchisee's rejection (form 422, list 409); rejected it may be.
    const e8 = await failure(crud.update(admin, { id: row.id, status: 1 }));
    expect(e8.fieldErrors?.status).toBe(MONTHLY_MESSAGES.franchiseeRejected);
    const over = await api("POST", `user_monthly_job_requests/approve/${row.id}`, {
      token: adminToken,
      body: {},
    });
    expect(over.status).toBe(409);
    const decided = await crud.update(admin, { id: row.id, status: 2 });
    expect(decided.status).toBe(2);
    // The franchisee cannot change once it decided.
    const e7 = await failure(crud.update(admin, { id: row.id, franchisee_id: otherFranchiseeId }));
    expect(e7.fieldErrors?.franchisee_id).toBe(MONTHLY_MESSAGES.franchiseeDecided);
    expect((await failure(crud.update(fa, { id: row.id, franchisee_id: otherFranchiseeId }))).status).toBe(
      403,
    );
  });
});

describe("from approval to walks", () => {
  it("approval with a walker generates a plan a day and the plan's walks a day (2 walks: days × 2)", async () => {
    const one = await newRequest();
    const a = await crud.update(fa, {
      id: one.id,
      franchisee_approval_status: 1,
      walker_id: walker,
      timeslot: "07:00",
    });
    expect(a.walks_generated_at).not.toBeNull();
    expect(await livePlans(one.id)).toBe(NEXT.days);
    expect(await liveWalks(one.id, walker)).toBe(NEXT.days);
    // The customer hears of the franchisee's acceptance (not yet the final approval).
    const told = await db
      .select({ title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(eq(notifications.user_id, customer.id));
    expect(told.filter((n) => n.title === MONTHLY_MESSAGES.customerAccepted)).toHaveLength(1);
    expect(told.find((n) => n.title === MONTHLY_MESSAGES.customerAccepted)?.body).toContain(
      "awaiting final approval",
    );
    // Saving again generates nothing more.
    await crud.update(fa, { id: one.id, remark: "" });
    expect(await liveWalks(one.id)).toBe(NEXT.days);

    const two = await newRequest({ plan_id: planTwoWalks, user_pet_ids: pets });
    const e = await failure(
      crud.update(fa, { id: two.id, franchisee_approval_status: 1, walker_id: walker, timeslot: "07:00" }),
    );
    expect(e.fieldErrors?.timeslot_2).toBe(MONTHLY_MESSAGES.timeslot2Required);
    const e2 = await failure(
      crud.update(fa, {
        id: two.id,
        franchisee_approval_status: 1,
        walker_id: walker,
        timeslot: "07:00",
        timeslot_2: "06:00",
      }),
    );
    expect(e2.fieldErrors?.timeslot_2).toBe(MONTHLY_MESSAGES.timeslot2Order);
    await crud.update(fa, {
      id: two.id,
      franchisee_approval_status: 1,
      walker_id: walker,
      timeslot: "07:00",
      timeslot_2: "18:30",
    });
    expect(await livePlans(two.id)).toBe(NEXT.days);
    expect(await liveWalks(two.id)).toBe(NEXT.days * 2);
    const [p] = await db
      .select()
      .from(dailyJobPlans)
      .where(eq(dailyJobPlans.user_monthly_job_request_id, two.id))
      .limit(1);
    expect([p.user_pet_id, p.user_pet_2_id]).toEqual(pets);
    // New timeslots retime the walks ahead.
    await crud.update(fa, { id: two.id, timeslot: "08:00" });
    const [{ n: at8 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(dailyJobPlanWalks)
      .innerJoin(dailyJobPlans, eq(dailyJobPlans.id, dailyJobPlanWalks.daily_job_plan_id))
      .where(
        and(
          eq(dailyJobPlans.user_monthly_job_request_id, two.id),
          eq(dailyJobPlanWalks.walk_no, 1),
          eq(dailyJobPlanWalks.timeslot, "08:00:00"),
        ),
      );
    expect(Number(at8)).toBe(NEXT.days);
  });

  it("changing the walker moves the walks ahead and tells the new walker; an admin's rejection withdraws them", async () => {
    const row = await newRequest();
    await crud.update(fa, {
      id: row.id,
      franchisee_approval_status: 1,
      walker_id: walker,
      timeslot: "07:00",
    });
    await crud.update(admin, { id: row.id, status: 1 });
    await crud.update(fa, { id: row.id, walker_id: walker2 });
    expect(await liveWalks(row.id, walker2)).toBe(NEXT.days);
    expect(await liveWalks(row.id, walker)).toBe(0);
    const told = await db.select().from(notifications).where(eq(notifications.user_id, walker2));
    expect(told.map((x) => x.title)).toContain(MONTHLY_MESSAGES.walksMoved(NEXT.days));
    // An admin may change the walker too (not a franchisee's field), but only to the franchisee's walker.
    expect(
      (await failure(crud.update(admin, { id: row.id, walker_id: strangerWalker }))).fieldErrors?.walker_id,
    ).toBe(MONTHLY_MESSAGES.walker);
    // Rejected by the admin: the plans not yet begun are withdrawn; back to approved, generated again.
    await crud.update(admin, { id: row.id, status: 2 });
    expect(await livePlans(row.id)).toBe(0);
    await crud.update(admin, { id: row.id, status: 1 });
    expect(await livePlans(row.id)).toBe(NEXT.days);
    // Deleting withdraws them; restoring brings them back.
    await crud.delete(admin, { id: row.id });
    expect(await livePlans(row.id)).toBe(0);
    await crud.restore(admin, { id: row.id });
    expect(await liveWalks(row.id, walker2)).toBe(NEXT.days);
  });
});

describe("Approve / Reject from the list", () => {
  it("a franchisee's admin: approve needs walker and timeslot first, reject a remark; 409 once decided", async () => {
    const row = await newRequest();
    session.ctx = fa;
    const r = await monthlyRequestActions.decide(encodeId(row.id), "approve");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.status).toBe(422);
    // The walker and timeslot set beforehand (while pending): Approve then generates the walks.
    await crud.update(fa, { id: row.id, walker_id: walker, timeslot: "07:00" });
    const ok = await api("POST", `user_monthly_job_requests/approve/${row.id}`, { token: faToken, body: {} });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({ franchisee_approval_status: 1, status: 0 });
    expect(await livePlans(row.id)).toBe(NEXT.days);
    const again = await api("POST", `user_monthly_job_requests/reject/${row.id}`, {
      token: faToken,
      body: { remark: "x" },
    });
    expect(again.status).toBe(409);

    const other = await newRequest();
    const noRemark = await api("POST", `user_monthly_job_requests/reject/${other.id}`, {
      token: faToken,
      body: {},
    });
    expect(noRemark.status).toBe(422);
    expect(noRemark.json.errors?.remark).toBeDefined();
    const rejected = await monthlyRequestActions.decide(encodeId(other.id), "reject", { remark: "No slot" });
    expect(rejected.ok).toBe(true);
    const [after] = await db
      .select()
      .from(userMonthlyJobRequests)
      .where(eq(userMonthlyJobRequests.id, other.id));
    expect(after).toMatchObject({ franchisee_approval_status: 2, remark: "No slot", status: 0 });
    session.ctx = admin;
  });

  it("a franchisee's admin approves in one step from the dialog: the walker (listed with their walks that day) and timeslot sent with the approval", async () => {
    const row = await newRequest();
    session.ctx = fa;
    const choices = await actions.monthlyApprovalWalkersAction(encodeId(row.id));
    expect(choices.ok).toBe(true);
    if (!choices.ok) return;
    expect(choices.data.date).toBe(row.start_date);
    // The inbox's picker reads the plan's walks a day and the request's own timeslots from here, not from a row.
    expect(choices.data).toMatchObject({ walks_a_day: 1, timeslot: null, timeslot_2: null });
    const w = choices.data.walkers.find((x) => x.id === encodeId(walker));
    expect(w).toMatchObject({ current: false, times: expect.any(Array) });
    expect(choices.data.walkers.some((x) => x.id === encodeId(strangerWalker))).toBe(false);
    // A walker of another franchisee: refused under the field, nothing written.
    const wrong = await actions.decideMonthlyRequestAction(encodeId(row.id), "approve", {
      walker_id: encodeId(strangerWalker),
      timeslot: "07:30",
    });
    expect(wrong.ok).toBe(false);
    if (!wrong.ok) expect(wrong.fieldErrors?.walker_id).toBe(MONTHLY_MESSAGES.walker);
    const ok = await actions.decideMonthlyRequestAction(encodeId(row.id), "approve", {
      walker_id: encodeId(walker),
      timeslot: "07:30",
    });
    expect(ok.ok, JSON.stringify(ok)).toBe(true);
    const [after] = await db
      .select()
      .from(userMonthlyJobRequests)
      .where(eq(userMonthlyJobRequests.id, row.id));
    expect(after).toMatchObject({ franchisee_approval_status: 1, walker_id: walker, timeslot: "07:30:00" });
    expect(await livePlans(row.id)).toBe(NEXT.days);
    // An admin sends no walker (the franchisee's to choose): 403.
    session.ctx = admin;
    const other = await newRequest();
    await crud.update(fa, {
      id: other.id,
      franchisee_approval_status: 1,
      walker_id: walker,
      timeslot: "07:00",
    });
    const admins = await actions.decideMonthlyRequestAction(encodeId(other.id), "approve", {
      walker_id: encodeId(walker2),
    });
    expect(admins.ok).toBe(false);
    if (!admins.ok) expect(admins.status).toBe(403);
  });

  it("an admin: the status, once the franchisee decided (409 before), pending only, no remark (403)", async () => {
    const row = await newRequest();
    const early = await api("POST", `user_monthly_job_requests/approve/${row.id}`, {
      token: adminToken,
      body: {},
    });
    expect(early.status).toBe(409);
    expect(early.json.message).toBe(MONTHLY_MESSAGES.franchiseeFirst);
    await crud.update(fa, {
      id: row.id,
      franchisee_approval_status: 1,
      walker_id: walker,
      timeslot: "07:00",
    });
    const withRemark = await api("POST", `user_monthly_job_requests/reject/${row.id}`, {
      token: adminToken,
      body: { remark: "mine" },
    });
    expect(withRemark.status).toBe(403);
    const rej = await api("POST", `user_monthly_job_requests/reject/${row.id}`, {
      token: adminToken,
      body: {},
    });
    expect(rej.status).toBe(200);
    expect(rej.json.data).toMatchObject({ status: 2, franchisee_approval_status: 1 });
    expect(await livePlans(row.id)).toBe(0);
    const twice = await api("POST", `user_monthly_job_requests/approve/${row.id}`, {
      token: adminToken,
      body: {},
    });
    expect(twice.status).toBe(409);
    // A master franchisee cannot decide.
    const mfToken = await tokenFor(DEMO_LOGINS[ROLE.MASTER_FRANCHISEE]);
    expect(
      (await api("POST", `user_monthly_job_requests/approve/${row.id}`, { token: mfToken, body: {} })).status,
    ).toBe(403);
  });
});

describe("the two steps on the approval kernel (issue 25)", () => {
  it("each caller has one step: the inbox shows a franchisee admin the requests awaiting them, an admin those awaiting the status", async () => {
    const waiting = await newRequest();
    const decided = await newRequest();
    await crud.update(fa, {
      id: decided.id,
      franchisee_approval_status: 1,
      walker_id: walker,
      timeslot: "07:00",
    });
    const ids = async (ctx: Ctx, a: typeof franchiseeStep) =>
      (await pendingOf(ctx, a, { limit: 200 })).data.map((i) => i.id);
    expect(await ids(fa, franchiseeStep)).toContain(waiting.id);
    expect(await ids(fa, franchiseeStep)).not.toContain(decided.id);
    expect(await ids(fa, statusStep)).toEqual([]);
    expect(await ids(admin, franchiseeStep)).toEqual([]);
    expect(await ids(admin, statusStep)).toContain(decided.id);
    expect(await ids(admin, statusStep)).not.toContain(waiting.id);
    // The list's cell: a franchisee admin's buttons are the franchisee step's, an admin's the status step's (its
    // Approve only over the franchisee's approval, read by the cell from `when`).
    expect(clientApproval(admin, franchiseeStep).transitions).toEqual([]);
    const admins = clientApproval(admin, statusStep).transitions;
    expect(admins.map((t) => [t.name, t.when?.in])).toEqual([
      ["approve", [1]],
      ["reject", [1, 2]],
    ]);
    expect(admins[0].confirm.title).toBe(MONTHLY_MESSAGES.confirm);
    // The franchisee step is not an admin's, even with its permission (.update): 403. The list's action takes the
    // admin's own step, whose Approve waits for the franchisee (409).
    expect((await failure(decide(admin, franchiseeStep, waiting.id, "approve", {}))).status).toBe(403);
    session.ctx = admin;
    const r = await monthlyRequestActions.decide(encodeId(waiting.id), "approve", {});
    expect(r.ok).toBe(false);
    if (!r.ok) expect([r.status, r.message]).toEqual([409, MONTHLY_MESSAGES.franchiseeFirst]);
    const [still] = await db
      .select()
      .from(userMonthlyJobRequests)
      .where(eq(userMonthlyJobRequests.id, waiting.id));
    expect(still).toMatchObject({ franchisee_approval_status: 0, status: 0 });
  });

  it("a decision answers the request as it now is and leaves the customer's notification of it unread", async () => {
    const row = await newRequest();
    const ok = await api("POST", `user_monthly_job_requests/approve/${row.id}`, {
      token: faToken,
      body: { walker_id: walker, timeslot: "07:15" },
    });
    expect(ok.status).toBe(200);
    // The walks were generated after the change: the answer carries their stamp, and the ETag is the answer's.
    expect(ok.json.data).toMatchObject({
      franchisee_approval_status: 1,
      walker_id: walker,
      timeslot: "07:15:00",
    });
    expect((ok.json.data as { walks_generated_at: string | null }).walks_generated_at).not.toBeNull();
    // The item's earlier notifications (the franchisee admins' "new request") are done; the customer's is new.
    const link = `/user-monthly-job-requests/${encodeId(row.id)}`;
    const notes = await db
      .select({ user: notifications.user_id, title: notifications.title, read: notifications.read_at })
      .from(notifications)
      .where(eq(notifications.link, link));
    expect(notes.filter((x) => x.title === MONTHLY_MESSAGES.newRequest).every((x) => x.read != null)).toBe(
      true,
    );
    const told = notes.find((x) => x.user === customer.id && x.title === MONTHLY_MESSAGES.customerAccepted);
    expect(told?.read).toBeNull();
  });
});

describe("SUPER ADMIN and the screens' actions", () => {
  it("a SUPER ADMIN acting for the company sets the status as an ADMIN does", async () => {
    const sup = await ctxFor(superEmail, happy.id);
    const row = await newRequest();
    await crud.update(fa, {
      id: row.id,
      franchisee_approval_status: 1,
      walker_id: walker,
      timeslot: "07:00",
    });
    expect((await crud.update(sup, { id: row.id, status: 1 })).status).toBe(1);
    expect((await failure(crud.update(sup, { id: row.id, timeslot: "09:00" }))).status).toBe(403);
  });

  it("the list's inline zone action saves zone_id alone; a master franchisee may not", async () => {
    const row = await newRequest({ zone_id: null, franchisee_id: otherFranchiseeId });
    session.ctx = admin;
    const ok = await actions.updateMonthlyRequestZoneAction(encodeId(row.id), String(zoneId));
    expect(ok.ok).toBe(true);
    const [after] = await db
      .select()
      .from(userMonthlyJobRequests)
      .where(eq(userMonthlyJobRequests.id, row.id));
    expect(after.zone_id).toBe(zoneId);
    session.ctx = mf;
    const no = await actions.updateMonthlyRequestZoneAction(encodeId(row.id), String(zoneId));
    expect(no.ok).toBe(false);
    session.ctx = admin;
  });
});

describe("masters", () => {
  it("context=user_monthly_job_requests: customers, zones, walkers, plans; a user's pets and addresses", async () => {
    const r = await api(
      "GET",
      `masters?context=user_monthly_job_requests&franchisee_id=${franchiseeId}&user_id=${customer.id}`,
      { token: adminToken },
    );
    expect(r.status).toBe(200);
    const d = r.json.data as Record<string, { id: number }[]>;
    expect(d.customers.some((c) => c.id === customer.id)).toBe(true);
    expect(d.customers.some((c) => c.id === walker)).toBe(false);
    expect(d.walkers.map((w) => w.id)).toEqual(expect.arrayContaining([walker, walker2]));
    expect(d.walkers.some((w) => w.id === strangerWalker)).toBe(false);
    expect(d.zones.some((z) => z.id === zoneId)).toBe(true);
    expect(d.plans.some((p) => p.id === planTwoWalks)).toBe(true);
    expect(d.pets.map((p) => p.id).sort()).toEqual([...pets].sort());
    expect(d.addresses.map((p) => p.id)).toContain(addressId);
    // search: by name, email or phone.
    const s = await api(
      "GET",
      `masters?context=user_monthly_job_requests&search=${encodeURIComponent(customer.email)}`,
      {
        token: adminToken,
      },
    );
    expect((s.json.data as Record<string, { id: number }[]>).customers.map((c) => c.id)).toEqual([
      customer.id,
    ]);
    // A franchisee's admin: another franchisee's id is outside their scope (404, like a missing one).
    const f = await api(
      "GET",
      `masters?context=user_monthly_job_requests&franchisee_id=${otherFranchiseeId}`,
      {
        token: faToken,
      },
    );
    expect(f.status).toBe(404);
    // Customers come a page at a time, searched on the server (issue 23: no "first 1,000"): every customer is
    // reached by following customers_next, each once.
    for (let i = 0; i < 55; i++) await newUser();
    const seen: number[] = [];
    let next: string | null = null;
    for (let pages = 0; pages < 1000; pages++) {
      const q: string = next ? `&customers_after=${encodeURIComponent(next)}` : "";
      const p = await api("GET", `masters?context=user_monthly_job_requests${q}`, { token: adminToken });
      expect(p.status).toBe(200);
      const data = p.json.data as { customers: { id: number }[]; customers_next: string | null };
      expect(data.customers.length).toBeLessThanOrEqual(50);
      seen.push(...data.customers.map((c) => c.id));
      next = data.customers_next;
      if (!next) break;
    }
    const [{ total }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(
        and(
          eq(users.company_id, happy.id),
          eq(users.role_id, ROLE_IDS[ROLE.USER]),
          isNull(users.franchisee_id),
          isNull(users.deleted_at),
          eq(users.is_active, 1),
        ),
      );
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    expect(seen).toContain(customer.id);
    const own = await api("GET", "masters?context=user_monthly_job_requests", { token: faToken });
    expect(
      (own.json.data as Record<string, { id: number }[]>).walkers.some((w) => w.id === strangerWalker),
    ).toBe(false);
  });
});
