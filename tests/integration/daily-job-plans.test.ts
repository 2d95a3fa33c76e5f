import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  companies,
  dailyJobPlans,
  dailyJobPlanWalks,
  franchisees,
  notifications,
  userMonthlyJobRequests,
  userPets,
  users,
} from "@/db/schema";
import { DAILY_PLAN_MESSAGES, dailyJobPlansCrud } from "@/lib/jobs/daily-job-plans";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, api, ctxFor, DEMO_LOGINS, seeded, tokenFor } from "../support/fixtures";

const { create, update, get, list } = dailyJobPlansCrud;

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;
let fa: Ctx;
/** The demo franchisee admin's franchisee (A) and one of ours (B). */
let fA: number;
let fB: number;
const tag = `djp${Date.now().toString(36)}`;
let walkerA1: number;
let walkerA2: number;
let walkerB: number;
let customer1: number;
let customer2: number;
let pet1: number;
let pet2: number;
let pet3: number;

async function failureOf(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}
async function fieldErrorsOf(p: Promise<unknown>): Promise<Record<string, string>> {
  const e = await failureOf(p);
  expect(e.status).toBe(422);
  return e.fieldErrors ?? {};
}

let n = 0;
async function insertUser(companyId: number, first: string, franchiseeId: number | null) {
  const [u] = await db
    .insert(users)
    .values({
      company_id: companyId,
      role_id: ROLE_IDS[ROLE.USER],
      franchisee_id: franchiseeId,
      first_name: first,
      last_name: tag,
      user_name: `${first} ${tag}`,
      email: `${first.toLowerCase()}.${tag}.${++n}@plans.test`,
      password_hash: "!unset",
    })
    .returning({ id: users.id });
  return u.id;
}
async function insertPet(companyId: number, userId: number, name: string) {
  const [p] = await db
    .insert(userPets)
    .values({ company_id: companyId, user_id: userId, name: `${name} ${tag}` })
    .returning({ id: userPets.id });
  return p.id;
}
const walksOf = (planId: number) =>
  db
    .select()
    .from(dailyJobPlanWalks)
    .where(eq(dailyJobPlanWalks.daily_job_plan_id, planId))
    .orderBy(asc(dailyJobPlanWalks.walk_no));

const form = (o: Record<string, unknown> = {}) => ({
  date: "2031-02-10",
  user_id: customer1,
  walker_id: walkerA1,
  user_pet_id: pet1,
  user_pet_2_id: pet2,
  daily_job_plan_walks: [
    { timeslot: "07:00" },
    { timeslot: "18:30", walker_id: walkerA2, duration_minutes: 45 },
  ],
  ...o,
});

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  fa = await ctxFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
  fA = fa.franchiseeId!;
  const [b] = await db
    .insert(franchisees)
    .values({ company_id: happy.id, name: `Plans Franchisee B ${tag}` })
    .returning({ id: franchisees.id });
  fB = b.id;
  walkerA1 = await insertUser(happy.id, "Arjun", fA);
  walkerA2 = await insertUser(happy.id, "Bhavna", fA);
  walkerB = await insertUser(happy.id, "Chetan", fB);
  customer1 = await insertUser(happy.id, "Devika", null);
  customer2 = await insertUser(happy.id, "Eshan", null);
  pet1 = await insertPet(happy.id, customer1, "Bruno");
  pet2 = await insertPet(happy.id, customer1, "Coco");
  pet3 = await insertPet(happy.id, customer2, "Simba");
}, 120_000);

describe("daily job plans: create and edit with walks", () => {
  it("creates a plan with its walks, the franchisee taken from the walker, each walk in step with the plan", async () => {
    const plan = await create(admin, form());
    expect(plan).toMatchObject({ franchisee_id: fA, walker_id: walkerA1, date: "2031-02-10", status: 0 });
    expect(
      plan.daily_job_plan_walks.map((w) => [w.walk_no, w.timeslot, w.walker_id, w.duration_minutes]),
    ).toEqual([
      [1, "07:00", walkerA1, 30],
      [2, "18:30", walkerA2, 45],
    ]);
    const walks = await walksOf(plan.id);
    expect(
      walks.every((w) => w.date === "2031-02-10" && w.franchisee_id === fA && w.company_id === happy.id),
    ).toBe(true);
    expect(plan.pet_name).toBe(`Bruno ${tag}`);
    expect(plan.walker_name).toBe(`Arjun ${tag}`);
  });

  it("refuses a walker outside the plan's franchisee (422), on the plan and on a walk, and pets not the customer's", async () => {
    const e1 = await fieldErrorsOf(create(admin, form({ franchisee_id: fA, walker_id: walkerB })));
    expect(e1.walker_id).toBe(DAILY_PLAN_MESSAGES.walker);
    const e2 = await fieldErrorsOf(
      create(
        admin,
        form({ daily_job_plan_walks: [{ timeslot: "07:00" }, { timeslot: "08:00", walker_id: walkerB }] }),
      ),
    );
    expect(e2["daily_job_plan_walks.1.walker_id"]).toBe(DAILY_PLAN_MESSAGES.walker);
    const e3 = await fieldErrorsOf(create(admin, form({ user_pet_id: pet3 })));
    expect(e3.user_pet_id).toBe(DAILY_PLAN_MESSAGES.pet);
    const e4 = await fieldErrorsOf(create(admin, form({ user_pet_2_id: pet1 })));
    expect(e4.user_pet_2_id).toBe(DAILY_PLAN_MESSAGES.samePets);
    const e5 = await fieldErrorsOf(create(admin, form({ walker_id: null, daily_job_plan_walks: [] })));
    expect(e5.franchisee_id).toBe(DAILY_PLAN_MESSAGES.franchiseeRequired);
    const e6 = await fieldErrorsOf(create(admin, form({ daily_job_plan_walks: [{ timeslot: "25:00" }] })));
    expect(e6["daily_job_plan_walks.0.timeslot"]).toBe(DAILY_PLAN_MESSAGES.timeslot);
    const e7 = await fieldErrorsOf(create(admin, form({ user_id: "", date: "" })));
    expect(Object.keys(e7).sort()).toEqual(["date", "user_id"]);
  });

  it("moves the walks with the plan: date and franchisee to all, a walker change to those that had the plan's walker", async () => {
    const plan = await create(admin, form({ date: "2031-02-11" }));
    await update(admin, { id: plan.id, date: "2031-02-12", walker_id: walkerA2 });
    let walks = await walksOf(plan.id);
    expect(walks.map((w) => [w.date, w.walker_id])).toEqual([
      ["2031-02-12", walkerA2],
      ["2031-02-12", walkerA2],
    ]);
    await update(admin, { id: plan.id, walker_id: walkerA1 });
    walks = await walksOf(plan.id);
    // Both walks had the plan's walker (A2): both follow.
    expect(walks.map((w) => w.walker_id)).toEqual([walkerA1, walkerA1]);
  });

  it("tells the customer, once per kind, of walks cancelled, moved or given another walker (issue 22)", async () => {
    const plan = await create(admin, form({ date: "2031-02-20" }));
    const [first, second] = plan.daily_job_plan_walks;
    const seen = async () =>
      (
        await db
          .select({ title: notifications.title, body: notifications.body })
          .from(notifications)
          .where(eq(notifications.user_id, customer1))
      ).filter((n) => n.body?.includes("20-02-2031"));
    expect(await seen()).toEqual([]);
    await update(admin, {
      id: plan.id,
      daily_job_plan_walks: [
        { id: first.id, timeslot: "07:00", walker_id: walkerA2 },
        { id: second.id, timeslot: "18:30", walker_id: walkerA2, duration_minutes: 45, status: 6 },
      ],
    });
    const notes = await seen();
    expect(notes.map((n) => n.title).sort()).toEqual(["A new walker for your walk", "Walk cancelled"]);
    expect(notes.find((n) => n.title === "Walk cancelled")!.body).toContain("20-02-2031 18:30");
    expect(notes.find((n) => n.title === "A new walker for your walk")!.body).toContain("Bhavna");
    // Moved to another time: one more notice; a save changing nothing tells nobody.
    await update(admin, {
      id: plan.id,
      daily_job_plan_walks: [
        { id: first.id, timeslot: "08:15", walker_id: walkerA2 },
        { id: second.id, timeslot: "18:30", walker_id: walkerA2, duration_minutes: 45, status: 6 },
      ],
    });
    await update(admin, { id: plan.id, status: 0 });
    const after = await seen();
    expect(after.map((n) => n.title).filter((t) => t === "Walk moved")).toHaveLength(1);
    expect(after).toHaveLength(3);
  });

  it("replaces the walks when sent: kept by id (its own walker kept), new ones added, the others removed", async () => {
    const plan = await create(admin, form({ date: "2031-02-13" }));
    const [first, second] = plan.daily_job_plan_walks;
    // A leave moved the second walk to a walker of another franchisee: kept when sent back unchanged.
    await db.update(dailyJobPlanWalks).set({ walker_id: walkerB }).where(eq(dailyJobPlanWalks.id, second.id));
    const after = await update(admin, {
      id: plan.id,
      daily_job_plan_walks: [
        { id: second.id, timeslot: "19:00", walker_id: walkerB, status: 2 },
        { timeslot: "12:00", duration_minutes: 20 },
      ],
    });
    expect(
      after.daily_job_plan_walks.map((w) => [
        w.id === second.id,
        w.walk_no,
        w.timeslot,
        w.walker_id,
        w.status,
      ]),
    ).toEqual([
      [true, 1, "19:00", walkerB, 2],
      [false, 2, "12:00", walkerA1, 0],
    ]);
    expect((await walksOf(plan.id)).some((w) => w.id === first.id)).toBe(false);
    // Another plan's walk id: 422 on its row.
    const other = await create(admin, form({ date: "2031-02-14" }));
    const e = await fieldErrorsOf(
      update(admin, {
        id: plan.id,
        daily_job_plan_walks: [{ id: other.daily_job_plan_walks[0].id, timeslot: "07:00" }],
      }),
    );
    expect(Object.keys(e)).toEqual(["daily_job_plan_walks.0.id"]);
    // Without walks, a patch keeps them.
    await update(admin, { id: plan.id, status: 1 });
    expect((await walksOf(plan.id)).length).toBe(2);
  });
});

describe("daily job plans: a franchisee admin's own franchisee only", () => {
  let planB: number;
  beforeAll(async () => {
    planB = (
      await create(
        admin,
        form({
          date: "2031-02-15",
          walker_id: walkerB,
          user_pet_2_id: null,
          daily_job_plan_walks: [{ timeslot: "09:00" }],
        }),
      )
    ).id;
  });

  it("stamps their franchisee on a new plan and refuses another's", async () => {
    const plan = await create(fa, form({ date: "2031-02-16" }));
    expect(plan.franchisee_id).toBe(fA);
    const e = await fieldErrorsOf(create(fa, form({ franchisee_id: fB })));
    expect(e.franchisee_id).toBe(DAILY_PLAN_MESSAGES.franchisee);
    const e2 = await fieldErrorsOf(create(fa, form({ walker_id: walkerB })));
    expect(e2.walker_id).toBe(DAILY_PLAN_MESSAGES.walker);
  });

  it("answers 404 for another franchisee's plan (get, update, delete) and lists only theirs", async () => {
    expect((await failureOf(get(fa, planB))).status).toBe(404);
    expect((await failureOf(update(fa, { id: planB, status: 1 }))).status).toBe(404);
    expect((await failureOf(dailyJobPlansCrud.delete(fa, { id: planB }))).status).toBe(404);
    const r = await list(fa, { rowsPerPage: "100", search_keyword: tag });
    expect(r.data.length).toBeGreaterThan(0);
    expect(r.data.every((p) => p.franchisee_id === fA)).toBe(true);
    const all = await list(admin, { rowsPerPage: "100", search_keyword: tag });
    expect(all.data.some((p) => p.id === planB)).toBe(true);
  });

  it("answers 404 for another company's plan", async () => {
    const wagCustomer = await insertUser(wag.id, "Farah", null);
    const [p] = await db
      .insert(dailyJobPlans)
      .values({ company_id: wag.id, user_id: wagCustomer, date: "2031-02-10" })
      .returning({ id: dailyJobPlans.id });
    expect((await failureOf(get(admin, p.id))).status).toBe(404);
    expect((await failureOf(update(admin, { id: p.id, status: 1 }))).status).toBe(404);
  });
});

describe("daily job plans: list parameters", () => {
  let requestId: number;
  let inRequest: number[];
  let viaWalk: number;
  beforeAll(async () => {
    const [r] = await db
      .insert(userMonthlyJobRequests)
      .values({
        company_id: happy.id,
        user_id: customer2,
        franchisee_id: fA,
        month: 3,
        year: 2031,
        start_date: "2031-03-01",
        end_date: "2031-03-31",
      })
      .returning({ id: userMonthlyJobRequests.id });
    requestId = r.id;
    inRequest = [];
    for (const date of ["2031-03-02", "2031-03-01", "2031-03-03"]) {
      const [p] = await db
        .insert(dailyJobPlans)
        .values({
          company_id: happy.id,
          user_monthly_job_request_id: requestId,
          user_id: customer2,
          franchisee_id: fA,
          walker_id: walkerA2,
          user_pet_id: pet3,
          date,
          holiday_name: date === "2031-03-03" ? "Holi" : null,
        })
        .returning({ id: dailyJobPlans.id });
      inRequest.push(p.id);
      await db.insert(dailyJobPlanWalks).values({
        company_id: happy.id,
        daily_job_plan_id: p.id,
        franchisee_id: fA,
        walker_id: walkerA2,
        date,
        timeslot: "06:30",
        start_selfie_path: date === "2031-03-01" ? "walks/selfie-start.jpg" : null,
      });
    }
    // A plan of walker A1 with one walk given to walker B (a leave's replacement).
    viaWalk = (await create(admin, form({ date: "2031-03-05" }))).id;
    const [w] = await walksOf(viaWalk);
    await db.update(dailyJobPlanWalks).set({ walker_id: walkerB }).where(eq(dailyJobPlanWalks.id, w.id));
  });

  it("narrows to one monthly request (plain or opaque id), sorted by date, each row with its walks", async () => {
    for (const id of [String(requestId), encodeId(requestId)]) {
      const r = await list(admin, { user_monthly_job_request_id: id });
      expect(r.data.map((p) => p.date)).toEqual(["2031-03-01", "2031-03-02", "2031-03-03"]);
    }
    const r = await list(admin, { user_monthly_job_request_id: String(requestId) });
    expect(r.data[2].holiday_name).toBe("Holi");
    expect(r.data[0].walks).toHaveLength(1);
    expect(r.data[0].walks[0]).toMatchObject({
      timeslot: "06:30",
      status_label: "Pending",
      walker_id: walkerA2,
      start_selfie_url: "/api/files/walks/selfie-start.jpg",
      end_selfie_url: null,
    });
    expect(r.data[0].pet_name).toBe(`Simba ${tag}`);
    expect(r.data[0].walks_count).toBe(1);
    const desc = await list(admin, { user_monthly_job_request_id: String(requestId), sort: "-date" });
    expect(desc.data.map((p) => p.date)).toEqual(["2031-03-03", "2031-03-02", "2031-03-01"]);
    expect((await failureOf(list(admin, { user_monthly_job_request_id: "abc" }))).status).toBe(422);
  });

  it("filters by date, date range, walker (a walk of theirs, the plan's or a replacement's) and keyword", async () => {
    const day = await list(admin, { date: "2031-03-02", search_keyword: tag });
    expect(day.data.map((p) => p.id)).toEqual([inRequest[0]]);
    const range = await list(admin, { from_date: "2031-03-02", to_date: "2031-03-05", search_keyword: tag });
    expect(range.data.map((p) => p.date)).toEqual(["2031-03-02", "2031-03-03", "2031-03-05"]);
    expect((await failureOf(list(admin, { date: "2031-02-30" }))).status).toBe(422);
    const b = await list(admin, {
      walker_id: String(walkerB),
      from_date: "2031-03-01",
      to_date: "2031-03-31",
    });
    expect(b.data.map((p) => p.id)).toEqual([viaWalk]);
    const a2 = await list(admin, {
      walker_id: encodeId(walkerA2),
      from_date: "2031-03-01",
      to_date: "2031-03-31",
    });
    // Its own plans, and walker A1's plan whose second walk is theirs.
    expect(a2.data.map((p) => p.id).sort()).toEqual([...inRequest, viaWalk].sort());
    const bySimba = await list(admin, { search_keyword: `simba ${tag}` });
    expect(bySimba.data.map((p) => p.id).sort()).toEqual([...inRequest].sort());
    const byCustomer = await list(admin, { search_keyword: `Eshan ${tag}`, rowsPerPage: "100" });
    expect(byCustomer.data.length).toBeGreaterThanOrEqual(3);
    expect(byCustomer.data.every((p) => p.user_id === customer2)).toBe(true);
    const byWalker = await list(admin, {
      search_keyword: `Bhavna ${tag}`,
      from_date: "2031-03-01",
      to_date: "2031-03-31",
    });
    expect(byWalker.data.map((p) => p.id).sort()).toEqual([...inRequest].sort());
    const inactive = await list(admin, { is_active: "0", search_keyword: tag });
    expect(inactive.data).toEqual([]);
  });

  it("deletes into the trash with its walks and restores both", async () => {
    const id = inRequest[1];
    await dailyJobPlansCrud.delete(admin, { id });
    expect((await walksOf(id)).every((w) => w.deleted_at != null)).toBe(true);
    const live = await list(admin, { user_monthly_job_request_id: String(requestId) });
    expect(live.data.map((p) => p.id)).not.toContain(id);
    const trash = await list(admin, { user_monthly_job_request_id: String(requestId), show_deleted: "1" });
    expect(trash.data.map((p) => p.id)).toEqual([id]);
    expect(trash.data[0].walks).toHaveLength(1);
    await dailyJobPlansCrud.restore(admin, { id });
    expect((await walksOf(id)).every((w) => w.deleted_at == null)).toBe(true);
  });

  it("answers through /api: the list with walks, PATCH, delete, restore and the export link", async () => {
    const token = await tokenFor(adminEmail);
    const r = await api("GET", `daily_job_plans?user_monthly_job_request_id=${requestId}&rowsPerPage=10`, {
      token,
    });
    expect(r.status).toBe(200);
    const rows = r.json.data as { id: number; walks: unknown[] }[];
    expect(rows).toHaveLength(3);
    expect(rows[0].walks).toHaveLength(1);
    const p = await api("PATCH", `daily_job_plans/${inRequest[0]}`, { token, body: { status: 2 } });
    expect(p.status).toBe(200);
    expect((p.json.data as { status: number }).status).toBe(2);
    expect((await api("POST", `daily_job_plans/delete/${inRequest[0]}`, { token })).json.message).toBe(
      "Daily Job Plan deleted successfully.",
    );
    expect((await api("POST", `daily_job_plans/restore/${inRequest[0]}`, { token })).json.message).toBe(
      "Daily Job Plan restored successfully.",
    );
    const x = await api("GET", `daily_job_plan_exports?user_monthly_job_request_id=${requestId}`, { token });
    expect(x.status).toBe(200);
    expect(typeof x.json.data).toBe("string");
  });

  it("keeps a restore that would clash with a live plan of the request on that date out (409)", async () => {
    const id = inRequest[2];
    await dailyJobPlansCrud.delete(admin, { id });
    await db.insert(dailyJobPlans).values({
      company_id: happy.id,
      user_monthly_job_request_id: requestId,
      user_id: customer2,
      franchisee_id: fA,
      date: "2031-03-03",
    });
    expect((await failureOf(dailyJobPlansCrud.restore(admin, { id }))).status).toBe(409);
    const [still] = await db
      .select({ deleted_at: dailyJobPlans.deleted_at })
      .from(dailyJobPlans)
      .where(and(eq(dailyJobPlans.id, id)));
    expect(still.deleted_at).not.toBeNull();
  });
});
