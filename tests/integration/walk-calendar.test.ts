import { eq, inArray, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, dailyJobPlanWalks, dailyJobPlans, franchisees, leaveRequests, users } from "@/db/schema";
import {
  calendarDay,
  calendarSummary,
  monthRange,
  walkCalendar,
  type CalendarDay,
} from "@/lib/jobs/walk-calendar";
import type { Ctx } from "@/lib/platform/context";
import { rowsOf } from "@/lib/platform/db";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, api, ctxFor, DEMO_LOGINS, seeded, tokenFor } from "../support/fixtures";

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;
let fa: Ctx;
let fC: number;
let w1: number;
let w2: number;
let customer: number;
const tag = `cal${Date.now().toString(36)}`;

async function failureOf(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

let n = 0;
async function insertUser(first: string, franchiseeId: number | null) {
  const [u] = await db
    .insert(users)
    .values({
      company_id: happy.id,
      role_id: ROLE_IDS[ROLE.USER],
      franchisee_id: franchiseeId,
      first_name: first,
      last_name: tag,
      user_name: `${first} ${tag}`,
      email: `${first.toLowerCase()}.${tag}.${++n}@calendar.test`,
      password_hash: "!unset",
    })
    .returning({ id: users.id });
  return u.id;
}

type W = { timeslot: string; walker: number | null; status?: number; deleted?: boolean };
/** One plan of the customer on `date` (walker w1) with these walks. */
async function day(date: string, walks: W[]) {
  const [p] = await db
    .insert(dailyJobPlans)
    .values({ company_id: happy.id, user_id: customer, franchisee_id: fC, walker_id: w1, date })
    .returning({ id: dailyJobPlans.id });
  await db.insert(dailyJobPlanWalks).values(
    walks.map((w, i) => ({
      company_id: happy.id,
      daily_job_plan_id: p.id,
      franchisee_id: fC,
      walker_id: w.walker,
      date,
      walk_no: i + 1,
      timeslot: w.timeslot,
      status: w.status ?? 0,
      deleted_at: w.deleted ? new Date() : null,
    })),
  );
}

const counts = (d: CalendarDay | undefined) =>
  d && { walks: d.walks, completed: d.completed, uncovered: d.uncovered, leave: d.leave.length };
const dayOf = (days: CalendarDay[], date: string) => days.find((d) => d.date === date);

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  fa = await ctxFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
  const [f] = await db
    .insert(franchisees)
    .values({ company_id: happy.id, name: `Calendar Franchisee ${tag}` })
    .returning({ id: franchisees.id });
  fC = f.id;
  w1 = await insertUser("Gita", fC);
  w2 = await insertUser("Hari", fC);
  customer = await insertUser("Isha", null);
  await day("2031-05-05", [
    { timeslot: "07:00", walker: w1, status: 2 },
    { timeslot: "18:00", walker: w1 },
    { timeslot: "09:00", walker: w2 },
  ]);
  await day("2031-05-06", [{ timeslot: "07:00", walker: w1 }]);
  await day("2031-05-07", [
    { timeslot: "15:00", walker: w2 },
    { timeslot: "10:00", walker: w2 },
    { timeslot: "12:00", walker: null },
  ]);
  await day("2031-05-08", [
    { timeslot: "07:00", walker: w1, status: 6 },
    { timeslot: "08:00", walker: w1, deleted: true },
  ]);
  await db.insert(leaveRequests).values([
    {
      company_id: happy.id,
      user_id: w1,
      franchisee_id: fC,
      date: "2031-05-06",
      leave_type: "full_day",
      status: 1,
    },
    {
      company_id: happy.id,
      user_id: w2,
      franchisee_id: fC,
      date: "2031-05-07",
      leave_type: "time_range",
      start_time: "09:00",
      end_time: "11:00",
      status: 1,
    },
    // Pending and rejected leave is not shown.
    {
      company_id: happy.id,
      user_id: w1,
      franchisee_id: fC,
      date: "2031-05-07",
      leave_type: "full_day",
      status: 0,
    },
    {
      company_id: happy.id,
      user_id: w1,
      franchisee_id: fC,
      date: "2031-05-05",
      leave_type: "full_day",
      status: 2,
    },
  ]);
}, 120_000);

describe("walk calendar", () => {
  it("counts a franchisee's walks per day with leave and uncovered walks marked (cancelled and deleted left out)", async () => {
    const c = await walkCalendar(admin, { month: "2031-05", franchisee_id: encodeId(fC) });
    expect(c.from).toBe("2031-05-01");
    expect(c.to).toBe("2031-05-31");
    expect(c.days).toHaveLength(31);
    expect(counts(dayOf(c.days, "2031-05-05"))).toEqual({ walks: 3, completed: 1, uncovered: 0, leave: 0 });
    expect(counts(dayOf(c.days, "2031-05-06"))).toEqual({ walks: 1, completed: 0, uncovered: 1, leave: 1 });
    // 10:00 falls in the 09:00-11:00 leave, 12:00 has no walker; 15:00 is covered.
    expect(counts(dayOf(c.days, "2031-05-07"))).toEqual({ walks: 3, completed: 0, uncovered: 2, leave: 1 });
    expect(counts(dayOf(c.days, "2031-05-08"))).toEqual({ walks: 0, completed: 0, uncovered: 0, leave: 0 });
    expect(dayOf(c.days, "2031-05-06")!.leave[0]).toMatchObject({
      user_id: w1,
      user_name: `Gita ${tag}`,
      leave_type: "full_day",
      start_time: null,
    });
    expect(dayOf(c.days, "2031-05-07")!.leave[0]).toMatchObject({
      user_id: w2,
      leave_type: "time_range",
      start_time: "09:00",
      end_time: "11:00",
    });
    // A month answers counts, no walk lists.
    expect(c.days[0].items).toBeUndefined();
  });

  it("shows one walker's walks and leave", async () => {
    const c = await walkCalendar(admin, {
      month: "2031-05",
      franchisee_id: String(fC),
      walker_id: String(w1),
    });
    expect(counts(dayOf(c.days, "2031-05-05"))).toEqual({ walks: 2, completed: 1, uncovered: 0, leave: 0 });
    expect(counts(dayOf(c.days, "2031-05-06"))).toEqual({ walks: 1, completed: 0, uncovered: 1, leave: 1 });
    expect(counts(dayOf(c.days, "2031-05-07"))).toEqual({ walks: 0, completed: 0, uncovered: 0, leave: 0 });
    const w2c = await walkCalendar(admin, { month: "2031-05", walker_id: encodeId(w2) });
    expect(counts(dayOf(w2c.days, "2031-05-07"))).toEqual({ walks: 2, completed: 0, uncovered: 1, leave: 1 });
  });

  it("lists a week's walks by timeslot, each marked when uncovered", async () => {
    const c = await walkCalendar(admin, { from: "2031-05-05", to: "2031-05-11", franchisee_id: String(fC) });
    expect(c.days.map((d) => d.date)).toEqual([
      "2031-05-05",
      "2031-05-06",
      "2031-05-07",
      "2031-05-08",
      "2031-05-09",
      "2031-05-10",
      "2031-05-11",
    ]);
    const items = dayOf(c.days, "2031-05-07")!.items!;
    expect(items.map((i) => [i.timeslot, i.walker_id, i.uncovered])).toEqual([
      ["10:00", w2, true],
      ["12:00", null, true],
      ["15:00", w2, false],
    ]);
    expect(items[0]).toMatchObject({
      customer_name: `Isha ${tag}`,
      walker_name: `Hari ${tag}`,
      status_label: "Pending",
    });
    expect(dayOf(c.days, "2031-05-05")!.items!.map((i) => i.timeslot)).toEqual(["07:00", "09:00", "18:00"]);
  });

  it("keeps a franchisee admin to their franchisee (another's answers 404, a walker of another shows nothing)", async () => {
    const own = await walkCalendar(fa, { month: "2031-05" });
    expect(own.franchisee_id).toBe(fa.franchiseeId);
    expect((await failureOf(walkCalendar(fa, { month: "2031-05", franchisee_id: String(fC) }))).status).toBe(
      404,
    );
    const other = await walkCalendar(fa, { month: "2031-05", walker_id: String(w1) });
    expect(other.days.every((d) => d.walks === 0 && d.leave.length === 0)).toBe(true);
  });

  it("refuses bad parameters (422), another company's franchisee (404), and callers without the list permission", async () => {
    expect((await failureOf(walkCalendar(admin, { month: "2031-13" }))).status).toBe(422);
    expect((await failureOf(walkCalendar(admin, { from: "2031-05-01", to: "2031-07-01" }))).status).toBe(422);
    expect((await failureOf(walkCalendar(admin, { from: "2031-05-10", to: "2031-05-01" }))).status).toBe(422);
    const [wf] = await db
      .insert(franchisees)
      .values({ company_id: wag.id, name: `Wag Calendar ${tag}` })
      .returning({ id: franchisees.id });
    expect((await failureOf(walkCalendar(admin, { franchisee_id: String(wf.id) }))).status).toBe(404);
    const customerCtx = { ...admin, permissions: new Set<string>() } as unknown as Ctx;
    expect((await failureOf(walkCalendar(customerCtx, {}))).status).toBe(403);
  });

  it("answers GET /api/walk_calendar", async () => {
    const token = await tokenFor(adminEmail);
    const r = await api("GET", `walk_calendar?month=2031-05&franchisee_id=${fC}`, { token });
    expect(r.status).toBe(200);
    const data = r.json.data as { days: CalendarDay[] };
    expect(counts(dayOf(data.days, "2031-05-07"))).toEqual({
      walks: 3,
      completed: 0,
      uncovered: 2,
      leave: 1,
    });
    expect(monthRange("2031-02")).toEqual({ from: "2031-02-01", to: "2031-02-28" });
    expect(monthRange("2032-12")).toEqual({ from: "2032-12-01", to: "2032-12-31" });
  });
});

// The portal's calendar (issue 23): counts per day from grouped statements, and a day's walks when it is opened.
describe("walk calendar summary and opened day", () => {
  const sameCounts = async (raw: Record<string, string>) => {
    const [full, summary] = await Promise.all([walkCalendar(admin, raw), calendarSummary(admin, raw)]);
    expect(summary.days.map((d) => d.date)).toEqual(full.days.map((d) => d.date));
    expect(summary.days).toEqual(
      full.days.map((d) => ({
        date: d.date,
        walks: d.walks,
        completed: d.completed,
        uncovered: d.uncovered,
        on_leave: d.leave.length,
      })),
    );
    return summary;
  };

  it("counts each day as the full calendar does: walks, completed, uncovered (unset or on leave), leave", async () => {
    const mine = await sameCounts({ month: "2031-05", franchisee_id: encodeId(fC) });
    expect(mine.days.find((d) => d.date === "2031-05-07")).toEqual({
      date: "2031-05-07",
      walks: 3,
      completed: 0,
      // 10:00 during w2's 09:00-11:00 leave, and 12:00 with no walker.
      uncovered: 2,
      on_leave: 1,
    });
    // The whole company's month (no franchisee) agrees too.
    await sameCounts({ month: "2031-05" });
    await sameCounts({ from: "2031-05-04", to: "2031-05-10", walker_id: String(w1) });
  });

  it("another company's admin counts none of these walks", async () => {
    const wagAdmin = await ctxFor("admin@wagnation.test");
    const s = await calendarSummary(wagAdmin, { from: "2031-05-05", to: "2031-05-08" });
    expect(s.days.map((d) => d.walks)).toEqual([0, 0, 0, 0]);
  });

  it("an opened day lists its walks by timeslot and its leave; another franchisee's answers 404", async () => {
    const d = await calendarDay(admin, { date: "2031-05-07", franchisee_id: encodeId(fC) });
    expect(d.walks.map((w) => w.timeslot)).toEqual(["10:00", "12:00", "15:00"]);
    expect(d.walks.map((w) => w.uncovered)).toEqual([true, true, false]);
    expect(d.leave.map((l) => l.user_id)).toEqual([w2]);
    expect(d.more).toBe(false);
    expect((await failureOf(calendarDay(fa, { date: "2031-05-07", franchisee_id: String(fC) }))).status).toBe(
      404,
    );
    expect((await failureOf(calendarDay(admin, { date: "07-05-2031" }))).status).toBe(422);
  });
});

describe("walk day figures (kept by triggers, read by the calendar of a franchisee or the company)", () => {
  // The figures against the walks themselves, counted directly (live walks by day, status and walker set).
  const direct = async (franchiseeId: number | null) =>
    rowsOf(
      await db.execute(sql`
        select date::text as date, status, walker_id is not null as assigned, count(*)::int as walks
        from daily_job_plan_walks
        where company_id = ${happy.id} and deleted_at is null and date between '2032-01-01' and '2032-01-31'
          ${franchiseeId == null ? sql`` : sql`and franchisee_id = ${franchiseeId}`}
        group by 1, 2, 3 order by 1, 2, 3`),
    );
  const kept = async (franchiseeId: number | null) =>
    rowsOf(
      await db.execute(sql`
        select date::text as date, status, assigned, walks
        from walk_day_figures
        where company_id = ${happy.id} and franchisee_id = ${franchiseeId ?? 0} and walks <> 0
          and date between '2032-01-01' and '2032-01-31'
        order by 1, 2, 3`),
    );
  const agree = async () => {
    expect(await kept(fC)).toEqual(await direct(fC));
    expect(await kept(null)).toEqual(await direct(null));
  };

  it("follow inserts, status and walker changes, soft deletes, restores, moves between franchisees and deletes", async () => {
    const [p] = await db
      .insert(dailyJobPlans)
      .values({
        company_id: happy.id,
        user_id: customer,
        franchisee_id: fC,
        walker_id: w1,
        date: "2032-01-10",
      })
      .returning({ id: dailyJobPlans.id });
    const ids = (
      await db
        .insert(dailyJobPlanWalks)
        .values(
          ["07:00", "08:00", "09:00", "10:00"].map((timeslot, i) => ({
            company_id: happy.id,
            daily_job_plan_id: p.id,
            franchisee_id: fC,
            walker_id: i === 3 ? null : w1,
            date: "2032-01-10",
            walk_no: i + 1,
            timeslot,
          })),
        )
        .returning({ id: dailyJobPlanWalks.id })
    ).map((r) => r.id);
    await agree();
    const month = { month: "2032-01", franchisee_id: encodeId(fC) };
    expect(dayOf((await walkCalendar(admin, month)).days, "2032-01-10")).toMatchObject({
      walks: 4,
      uncovered: 1,
    });

    await db.update(dailyJobPlanWalks).set({ status: 2 }).where(eq(dailyJobPlanWalks.id, ids[0]));
    await db.update(dailyJobPlanWalks).set({ walker_id: null }).where(eq(dailyJobPlanWalks.id, ids[1]));
    await db.update(dailyJobPlanWalks).set({ status: 6 }).where(eq(dailyJobPlanWalks.id, ids[2]));
    await agree();
    expect(counts(dayOf((await walkCalendar(admin, month)).days, "2032-01-10"))).toEqual({
      walks: 3,
      completed: 1,
      uncovered: 2,
      leave: 0,
    });

    // Soft delete and restore; a move to another day and to no franchisee; a change of nothing counted.
    await db
      .update(dailyJobPlanWalks)
      .set({ deleted_at: new Date() })
      .where(eq(dailyJobPlanWalks.id, ids[3]));
    await agree();
    await db.update(dailyJobPlanWalks).set({ deleted_at: null }).where(eq(dailyJobPlanWalks.id, ids[3]));
    await db.update(dailyJobPlanWalks).set({ date: "2032-01-11" }).where(eq(dailyJobPlanWalks.id, ids[0]));
    await db.update(dailyJobPlanWalks).set({ franchisee_id: null }).where(eq(dailyJobPlanWalks.id, ids[1]));
    await db.update(dailyJobPlanWalks).set({ rating: 5 }).where(inArray(dailyJobPlanWalks.id, ids));
    await agree();

    // Deleting the plan deletes its walks (cascade): nothing is left counted.
    await db.delete(dailyJobPlans).where(eq(dailyJobPlans.id, p.id));
    await agree();
    expect(await kept(fC)).toEqual([]);
    expect(await kept(null)).toEqual([]);
  });
});
