// The walk requests' figures (company_figures: the cards and the homes read them) kept by statement-level triggers
// (migration 0031): every statement that writes many requests at once moves them by its net change, and
// recount_walk_request_figures() counts them again from the requests. Checked against the requests counted directly.
import { and, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, dailyJobPlans, dailyJobPlanWalks, franchisees, users } from "@/db/schema";
import { asOwner, getDb, rowsOf } from "@/lib/platform/db";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { bootstrap } from "@/lib/seed";

let db: Awaited<ReturnType<typeof getDb>>;
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let fA: number;
let fB: number;
let customer: number;
let plan: number;
let walks: number[];
const tag = `wrf${Date.now().toString(36)}`;

type Figures = { total: number; pending: number; approved: number; refunds: number };

/** What the figures must say: the live requests of the company (franchisee 0) or of one franchisee, counted. */
async function counted(companyId: number, franchiseeId: number): Promise<Figures> {
  const [r] = rowsOf<Figures>(
    await db.execute(sql`
      select count(*)::int as total,
             (count(*) filter (where status = 'pending'))::int as pending,
             (count(*) filter (where status = 'approved'))::int as approved,
             coalesce(sum(refund_amount) filter (where refund_eligibility = 1 and status <> 'rejected'), 0)::float8
               as refunds
      from customer_walk_requests
      where company_id = ${companyId} and deleted_at is null
        ${franchiseeId ? sql`and franchisee_id = ${franchiseeId}` : sql``}`),
  );
  return r;
}

/** The figures as kept (a figure never written reads 0). */
async function kept(companyId: number, franchiseeId: number): Promise<Figures> {
  const rows = rowsOf<{ figure: string; value: number }>(
    await db.execute(sql`
      select figure, value::float8 as value from company_figures
      where company_id = ${companyId} and franchisee_id = ${franchiseeId} and figure like 'walk\_requests.%'`),
  );
  const v = (name: string) => rows.find((r) => r.figure === `walk_requests.${name}`)?.value ?? 0;
  return { total: v("total"), pending: v("pending"), approved: v("approved"), refunds: v("refunds") };
}

async function agree() {
  for (const [company, franchisee] of [
    [happy.id, 0],
    [happy.id, fA],
    [happy.id, fB],
    [wag.id, 0],
  ])
    expect(await kept(company, franchisee), `company ${company}, franchisee ${franchisee}`).toEqual(
      await counted(company, franchisee),
    );
}

/** This test's requests, in one statement each (as a bulk load or a bulk decision would write them). */
const ofPlan = () => sql`walk_id in (select id from daily_job_plan_walks where daily_job_plan_id = ${plan})`;

beforeAll(async () => {
  // The demo data (as tests/support/fixtures seeded(), without the /api route table this test does not use).
  await bootstrap({ demo: true });
  db = await getDb();
  [happy] = await db.select().from(companies).where(eq(companies.name, "Happy Paws Pvt Ltd"));
  [wag] = await db.select().from(companies).where(eq(companies.name, "Wag Nation LLP"));
  const fs = await db
    .select({ id: franchisees.id })
    .from(franchisees)
    .where(and(eq(franchisees.company_id, happy.id), isNull(franchisees.deleted_at)))
    .orderBy(franchisees.id)
    .limit(2);
  expect(fs).toHaveLength(2);
  [fA, fB] = fs.map((f) => f.id);
  const [u] = await db
    .insert(users)
    .values({
      company_id: happy.id,
      role_id: ROLE_IDS[ROLE.USER],
      franchisee_id: fA,
      first_name: "Figures",
      last_name: tag,
      user_name: `Figures ${tag}`,
      email: `${tag}@figures.test`,
      password_hash: "!unset",
    })
    .returning({ id: users.id });
  customer = u.id;
  const [p] = await db
    .insert(dailyJobPlans)
    .values({ company_id: happy.id, user_id: customer, franchisee_id: fA, date: "2033-03-10" })
    .returning({ id: dailyJobPlans.id });
  plan = p.id;
  walks = (
    await db
      .insert(dailyJobPlanWalks)
      .values(
        Array.from({ length: 8 }, (_, i) => ({
          company_id: happy.id,
          daily_job_plan_id: plan,
          franchisee_id: fA,
          date: "2033-03-10",
          walk_no: i + 1,
          timeslot: `${String(6 + i).padStart(2, "0")}:00`,
        })),
      )
      .returning({ id: dailyJobPlanWalks.id })
  ).map((w) => w.id);
});

describe("walk request figures, kept per statement", () => {
  it("follow a bulk insert, bulk decisions, soft deletes and restores, franchisee moves and deletes", async () => {
    await agree();
    // One statement, eight requests: both franchisees and none, every status, refunds eligible or not.
    await db.execute(sql`
      insert into customer_walk_requests (company_id, user_id, franchisee_id, walk_id, request_type, status,
        original_date, original_timeslot, refund_eligibility, refund_percent, refund_amount)
      select ${happy.id}, ${customer}, (array[${fA}, ${fB}, null]::int[])[1 + k % 3], w.id, 'cancel',
             (array['pending', 'approved', 'rejected'])[1 + (k / 2) % 3], '2033-03-10', '07:00',
             (k % 2), 50, 100 + k * 10
      from unnest(${sql.raw(`array[${walks.join(",")}]`)}::int[]) with ordinality as w(id, k)`);
    expect(
      rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from customer_walk_requests
      where ${ofPlan()}`),
      )[0].n,
    ).toBe(8);
    await agree();
    expect((await kept(happy.id, fA)).total).toBeGreaterThan(0);

    // One statement deciding them all: pending -> approved, approved -> rejected (the refund no longer counts).
    await db.execute(sql`
      update customer_walk_requests set status = case status when 'pending' then 'approved' else 'rejected' end
      where ${ofPlan()} and status <> 'rejected'`);
    await agree();

    // Soft delete of half, then their restore, each one statement.
    await db.execute(
      sql`update customer_walk_requests set deleted_at = now() where ${ofPlan()} and id % 2 = 0`,
    );
    await agree();
    await db.execute(sql`update customer_walk_requests set deleted_at = null where ${ofPlan()}`);
    await agree();

    // Moved between franchisees (and from none), and a change of nothing counted.
    await db.execute(sql`
      update customer_walk_requests set franchisee_id = case when franchisee_id = ${fA}::int then ${fB}::int else ${fA}::int end
      where ${ofPlan()}`);
    await agree();
    const before = await kept(happy.id, 0);
    await db.execute(sql`update customer_walk_requests set admin_remarks = 'seen' where ${ofPlan()}`);
    expect(await kept(happy.id, 0)).toEqual(before);
    await agree();

    // Deleted: some by one statement, the rest with their walks (cascade from the plan).
    await db.execute(sql`delete from customer_walk_requests where ${ofPlan()} and id % 3 = 0`);
    await agree();
    await db.delete(dailyJobPlans).where(eq(dailyJobPlans.id, plan));
    expect(
      rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from customer_walk_requests where user_id = ${customer}`,
        ),
      )[0].n,
    ).toBe(0);
    await agree();
  });

  it("recount_walk_request_figures() counts every company's figures again from the requests", async () => {
    // Figures that went wrong (as after a load with triggers off), for both companies.
    await asOwner(
      sql`update company_figures set value = value + 1000
          where company_id in (${happy.id}, ${wag.id}) and figure like 'walk\_requests.%'`,
      sql`delete from company_figures where company_id = ${wag.id} and figure = 'walk_requests.total'`,
    );
    expect((await kept(happy.id, 0)).total).not.toBe((await counted(happy.id, 0)).total);
    // The owner's (the migration, a load's script); the portal's role may not call it.
    await expect(db.execute(sql`select recount_walk_request_figures()`)).rejects.toThrow();
    await asOwner(sql`select recount_walk_request_figures()`);
    await agree();
    // Every kept row is some company's or franchisee's count: nothing else is left behind.
    const stray = rowsOf<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from company_figures f
        where f.figure = 'walk_requests.total' and f.value <> (
          select count(*) from customer_walk_requests r
          where r.company_id = f.company_id and r.deleted_at is null
            and (f.franchisee_id = 0 or r.franchisee_id = f.franchisee_id))`),
    );
    expect(stray[0].n).toBe(0);
  });
});
