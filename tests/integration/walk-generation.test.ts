import { and, asc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  dailyJobPlans,
  dailyJobPlanWalks,
  plans,
  stateHolidays,
  states,
  userAddresses,
  userMonthlyJobRequestPets,
  userMonthlyJobRequests,
  userPets,
  users,
} from "@/db/schema";
import { generateWalks, moveFutureWalks } from "@/lib/jobs/walk-generation";
import { rowsOf, type Db } from "@/lib/platform/db";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { seeded } from "../support/fixtures";

let db: Db;
let companyId: number;
let customer: number;
let walkers: number[];
let franchiseeId: number;
let addressId: number;
let stateId: number;
let petIds: number[];
let singlePlan: number;
let doublePlan: number;

/** A monthly request of the demo customer, franchisee-approved with the first walker, for `from`..`to`. */
async function request(o: { from: string; to: string; plan: number; pets: number; timeslot2?: string }) {
  const [r] = await db
    .insert(userMonthlyJobRequests)
    .values({
      company_id: companyId,
      user_id: customer,
      franchisee_id: franchiseeId,
      user_address_id: addressId,
      plan_id: o.plan,
      month: Number(o.from.slice(5, 7)),
      year: Number(o.from.slice(0, 4)),
      start_date: o.from,
      end_date: o.to,
      walker_id: walkers[0],
      timeslot: "07:00",
      timeslot_2: o.timeslot2 ?? null,
      franchisee_approval_status: 1,
    })
    .returning({ id: userMonthlyJobRequests.id });
  await db
    .insert(userMonthlyJobRequestPets)
    .values(petIds.slice(0, o.pets).map((p) => ({ user_monthly_job_request_id: r.id, user_pet_id: p })));
  return r.id;
}

const walksOf = (requestId: number) =>
  db
    .select({
      id: dailyJobPlanWalks.id,
      date: dailyJobPlanWalks.date,
      timeslot: dailyJobPlanWalks.timeslot,
      walker_id: dailyJobPlanWalks.walker_id,
      status: dailyJobPlanWalks.status,
      walk_no: dailyJobPlanWalks.walk_no,
      duration: dailyJobPlanWalks.duration_minutes,
    })
    .from(dailyJobPlanWalks)
    .innerJoin(dailyJobPlans, eq(dailyJobPlans.id, dailyJobPlanWalks.daily_job_plan_id))
    .where(
      and(eq(dailyJobPlans.user_monthly_job_request_id, requestId), isNull(dailyJobPlanWalks.deleted_at)),
    )
    .orderBy(asc(dailyJobPlanWalks.date), asc(dailyJobPlanWalks.walk_no));

const plansOf = (requestId: number) =>
  db
    .select()
    .from(dailyJobPlans)
    .where(and(eq(dailyJobPlans.user_monthly_job_request_id, requestId), isNull(dailyJobPlans.deleted_at)))
    .orderBy(asc(dailyJobPlans.date));

/** Noon in India on a date: "now" for the calls below. */
const at = (date: string, time = "12:00") => new Date(`${date}T${time}:00+05:30`);

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  companyId = s.happy.id;
  const staff = await db
    .select({ id: users.id, franchisee_id: users.franchisee_id })
    .from(users)
    .where(
      and(
        eq(users.company_id, companyId),
        eq(users.role_id, ROLE_IDS[ROLE.USER]),
        isNotNull(users.franchisee_id),
        eq(users.is_active, 1),
      ),
    )
    .orderBy(asc(users.id));
  franchiseeId = staff[0].franchisee_id!;
  walkers = staff.filter((s) => s.franchisee_id === franchiseeId).map((s) => s.id);
  const [state] = await db.select({ id: states.id }).from(states).where(eq(states.code, "GJ"));
  stateId = state.id;
  const [c] = await db
    .insert(users)
    .values({
      company_id: companyId,
      role_id: ROLE_IDS[ROLE.USER],
      first_name: "Gen",
      last_name: "Customer",
      email: "gen.customer@walks.test",
      password_hash: "x",
    })
    .returning({ id: users.id });
  customer = c.id;
  const [a] = await db
    .insert(userAddresses)
    .values({ company_id: companyId, user_id: customer, address: "1 Test Road, Surat", state_id: stateId })
    .returning({ id: userAddresses.id });
  addressId = a.id;
  petIds = (
    await db
      .insert(userPets)
      .values([
        { company_id: companyId, user_id: customer, name: "Tiger" },
        { company_id: companyId, user_id: customer, name: "Lucy" },
      ])
      .returning({ id: userPets.id })
  ).map((p) => p.id);
  const planRows = await db
    .select({ id: plans.id, dogs: plans.no_of_dogs, walks: plans.no_of_walks, time: plans.per_walk_time })
    .from(plans)
    .where(eq(plans.company_id, companyId));
  singlePlan = planRows.find((p) => p.walks === 1)!.id;
  doublePlan = planRows.find((p) => p.walks === 2 && p.dogs === 2)!.id;
  // Gujarat holidays of this company: a one-off on 2031-03-10 and a recurring 26 January (set in another year).
  await db.insert(stateHolidays).values([
    { company_id: companyId, state: stateId, holiday_date: "2031-03-10", description: "Holi" },
    {
      company_id: companyId,
      state: stateId,
      holiday_date: "2029-01-26",
      description: "Republic Day",
      is_recurring: 1,
    },
  ]);
});

describe("walk generation", () => {
  it("makes one plan a day and the plan's walks per day, both pets, holidays marked", async () => {
    const id = await request({
      from: "2031-03-01",
      to: "2031-03-31",
      plan: doublePlan,
      pets: 2,
      timeslot2: "18:30",
    });
    const made = await generateWalks(db, id, at("2031-02-20"));
    expect(made).toEqual({ plans: 31, walks: 62 });
    const ps = await plansOf(id);
    expect(ps).toHaveLength(31);
    expect(ps.every((p) => p.user_pet_id === petIds[0] && p.user_pet_2_id === petIds[1])).toBe(true);
    expect(ps.every((p) => p.walker_id === walkers[0] && p.franchisee_id === franchiseeId)).toBe(true);
    expect(ps.filter((p) => p.holiday_name).map((p) => [p.date, p.holiday_name])).toEqual([
      ["2031-03-10", "Holi"],
    ]);
    const ws = await walksOf(id);
    expect(ws.filter((w) => w.date === "2031-03-05").map((w) => [w.walk_no, w.timeslot])).toEqual([
      [1, "07:00:00"],
      [2, "18:30:00"],
    ]);
    const [{ minutes }] = await db
      .select({ minutes: plans.per_walk_time })
      .from(plans)
      .where(eq(plans.id, doublePlan));
    expect(
      ws.every((w) => w.duration === (minutes ?? 30) && w.walker_id === walkers[0] && w.status === 0),
    ).toBe(true);
    const [req] = await db
      .select({ at: userMonthlyJobRequests.walks_generated_at })
      .from(userMonthlyJobRequests)
      .where(eq(userMonthlyJobRequests.id, id));
    expect(req.at).not.toBeNull();
  });

  it("marks a recurring holiday on its day in another year; one pet and one walk for a single plan", async () => {
    const id = await request({ from: "2031-01-20", to: "2031-01-31", plan: singlePlan, pets: 1 });
    expect(await generateWalks(db, id, at("2031-01-01"))).toEqual({ plans: 12, walks: 12 });
    const ps = await plansOf(id);
    expect(ps.find((p) => p.date === "2031-01-26")?.holiday_name).toBe("Republic Day");
    expect(ps.every((p) => p.user_pet_2_id === null)).toBe(true);
  });

  it("is idempotent, and re-makes only a date whose plan was deleted", async () => {
    const id = await request({ from: "2031-04-01", to: "2031-04-30", plan: singlePlan, pets: 1 });
    expect(await generateWalks(db, id, at("2031-03-01"))).toEqual({ plans: 30, walks: 30 });
    expect(await generateWalks(db, id, at("2031-03-01"))).toEqual({ plans: 0, walks: 0 });
    const both = await Promise.allSettled([generateWalks(db, id, at("2031-03-01")), generateWalks(db, id)]);
    expect(both.every((r) => r.status === "fulfilled")).toBe(true);
    await db
      .update(dailyJobPlans)
      .set({ deleted_at: new Date() })
      .where(and(eq(dailyJobPlans.user_monthly_job_request_id, id), eq(dailyJobPlans.date, "2031-04-15")));
    expect(await generateWalks(db, id, at("2031-03-01"))).toEqual({ plans: 1, walks: 1 });
    expect(await plansOf(id)).toHaveLength(30);
  });

  it("makes no walks in the past: a request approved mid-month starts today", async () => {
    const id = await request({ from: "2031-05-01", to: "2031-05-31", plan: singlePlan, pets: 1 });
    expect(await generateWalks(db, id, at("2031-05-21"))).toEqual({ plans: 11, walks: 11 });
    expect((await plansOf(id))[0].date).toBe("2031-05-21");
  });

  it("makes nothing for a request not franchisee-approved, without a walker, or rejected", async () => {
    const id = await request({ from: "2031-06-01", to: "2031-06-30", plan: singlePlan, pets: 1 });
    await db.update(userMonthlyJobRequests).set({ status: 2 }).where(eq(userMonthlyJobRequests.id, id));
    expect(await generateWalks(db, id, at("2031-05-01"))).toEqual({ plans: 0, walks: 0 });
    await db
      .update(userMonthlyJobRequests)
      .set({ status: 0, franchisee_approval_status: 0 })
      .where(eq(userMonthlyJobRequests.id, id));
    expect(await generateWalks(db, id, at("2031-05-01"))).toEqual({ plans: 0, walks: 0 });
    await db
      .update(userMonthlyJobRequests)
      .set({ franchisee_approval_status: 1, walker_id: null })
      .where(eq(userMonthlyJobRequests.id, id));
    expect(await generateWalks(db, id, at("2031-05-01"))).toEqual({ plans: 0, walks: 0 });
  });

  it("a walker change moves only the future walks not yet begun", async () => {
    const id = await request({
      from: "2031-07-01",
      to: "2031-07-10",
      plan: doublePlan,
      pets: 2,
      timeslot2: "18:00",
    });
    await generateWalks(db, id, at("2031-06-01"));
    const before = await walksOf(id);
    const started = before.find((w) => w.date === "2031-07-08" && w.walk_no === 1)!;
    await db.update(dailyJobPlanWalks).set({ status: 1 }).where(eq(dailyJobPlanWalks.id, started.id));
    // Now: 5 July, 12:00 in India. The 07:00 walk of the 5th is past, its 18:00 walk is ahead.
    const { walkIds } = await moveFutureWalks(db, id, walkers[1], at("2031-07-05"));
    const after = await walksOf(id);
    const movedNow = after.filter((w) => w.walker_id === walkers[1]);
    expect(new Set(walkIds)).toEqual(new Set(movedNow.map((w) => w.id)));
    // The 5th's 18:00 walk + both walks of the 6th to the 10th (10) − the started one = 10.
    expect(movedNow).toHaveLength(10);
    expect(after.filter((w) => w.date < "2031-07-05").every((w) => w.walker_id === walkers[0])).toBe(true);
    expect(after.find((w) => w.date === "2031-07-05" && w.walk_no === 1)?.walker_id).toBe(walkers[0]);
    expect(after.find((w) => w.id === started.id)?.walker_id).toBe(walkers[0]);
    const ps = await plansOf(id);
    expect(ps.filter((p) => p.walker_id === walkers[1]).map((p) => p.date)[0]).toBe("2031-07-05");
    // Moving again to the same walker moves nothing.
    expect((await moveFutureWalks(db, id, walkers[1], at("2031-07-05"))).walkIds).toEqual([]);
  });

  it("the demo's approved requests have their month of plans", async () => {
    const [row] = rowsOf<{ n: number }>(
      await db.execute(sql`
      select count(*)::int as n from daily_job_plans p
      join user_monthly_job_requests r on r.id = p.user_monthly_job_request_id
      where r.company_id = ${companyId} and r.user_id <> ${customer}`),
    );
    expect(Number(row.n)).toBeGreaterThan(27);
  });
});
