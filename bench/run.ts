// `npm run bench`: the portal against its floors, on the data set of `npm run bench:seed` (PostgreSQL).
//
// The portal runs as `npm start` runs it (scripts/server.mjs over the production build in NEXT_DIST_DIR, default
// .next). Two floors run the very statements the portal sent for each scenario (captured here through drizzle's
// logger): bench/next-floor, a bare Next app whose one route handler runs them through postgres.js (the floor of
// every /api row: p50 ≤ 1.5× it), and bench/floor.mjs, a bare node:http server answering the same rows as JSON or as
// a plain HTML table (the floor of every page: TTFB p50 ≤ 3× it); an export's floor is COPY ... TO STDOUT. After a
// warm-up, rounds interleave portal and floor for each scenario. Then the writes (approving a month of walks,
// approving leave with a replacement, the KYC sweep), ANALYZE as autovacuum would, the reads measured again, the pages
// in Chromium (bench/browser.ts) and the build's first-load JavaScript per route (bench/weight.ts).
// A latency row missed is measured again (the same rounds) before it counts; any row still missed exits 1.
//
//   npm run bench:seed && npm run bench        the full run (1M users in the biggest company)
//   npm run bench -- --ci                      CI: seeds 30,000 users (BENCH_DATABASE_URL, else TEST_DATABASE_URL's
//                                              server, database bench_ci), checks the query shapes, fails only on them
// Options: --rounds N (5), --requests N per round and side (30), --no-exports, --export-runs N (2), --no-browser,
// --no-writes, --indexed-searches-only (skip the shapes of searches CI only reports),
// --out FILE (docs/benchmarks.md).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { arg, flag, SEED_VERSION } from "./common";
import { json, request, RequestTimeout, rssOf, stats, throughput, type Timing } from "./http";
import { person } from "./people";

const CI = flag("ci");
const ROUNDS = arg("rounds", CI ? 2 : 5);
const REQUESTS = arg("requests", CI ? 12 : 30);
const EXPORTS = !flag("no-exports");
const EXPORT_RUNS = arg("export-runs", CI ? 1 : 2);
const BROWSER = !flag("no-browser") && !CI;
const WRITES = !flag("no-writes");
const outIdx = process.argv.indexOf("--out");
const OUT = outIdx > 0 ? process.argv[outIdx + 1] : CI ? null : "docs/benchmarks.md";
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const DIST = process.env.NEXT_DIST_DIR || ".next";
const log = (s: string) => console.log(`[bench] ${s}`);
const loadAtStart = os.loadavg()[0];

function benchUrl(): string {
  // CI's small data set lives in its own database, never over the full one.
  if (CI) {
    const u = new URL(process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres");
    u.pathname = "/bench_ci";
    return u.toString();
  }
  return process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench";
}
const url = benchUrl();
process.env.BENCH_DATABASE_URL = url;

// ---------------------------------------------------------------------------------------------------------------
// The data set: present (bench_meta), else seeded (CI) or asked for.
const CI_USERS = 30_000;
async function meta(): Promise<Record<string, string> | null> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ key: string; value: string }[]>`select key, value from bench_meta`;
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  } catch {
    return null;
  } finally {
    await sql.end();
  }
}
let m = await meta();
if (CI && (m?.users !== String(CI_USERS) || m?.version !== SEED_VERSION)) {
  const r = spawnSync(
    process.execPath,
    [
      "--conditions=react-server",
      "--import",
      "tsx",
      "bench/seed.ts",
      "--users",
      String(CI_USERS),
      "--companies",
      "50",
    ],
    { stdio: "inherit", env: process.env },
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
  m = await meta();
}
if (!m || m.version !== SEED_VERSION) {
  console.error(`No benchmark data set of this version in ${url}: run \`npm run bench:seed\` first.`);
  process.exit(2);
}
const USERS = Number(m.users);
const HAPPY = Number(m.happy);

// ---------------------------------------------------------------------------------------------------------------
// The apps' callers (an incremental step on the data set, idempotent): the busiest customer and the busiest walker
// sign in with the demo password, and a franchisee admin of the franchisee with the most requests pending its
// approval (bench.franchisee@happypaws.test) approves months of walks.
const raw = postgres(url, { max: 2, onnotice: () => {} });
const today = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10); // India's date
const [{ customer }] = await raw<{ customer: number }[]>`
  select r.user_id as customer from user_monthly_job_requests r join users u on u.id = r.user_id
  where r.company_id = ${HAPPY} and r.deleted_at is null and r.walks_generated_at is not null
    and u.is_active = 1 and u.deleted_at is null
  group by r.user_id order by count(*) desc, r.user_id limit 1`;
const [{ walker }] = await raw<{ walker: number }[]>`
  select r.walker_id as walker from user_monthly_job_requests r join users u on u.id = r.walker_id
  where r.company_id = ${HAPPY} and r.deleted_at is null and r.walks_generated_at is not null
    and u.is_active = 1 and u.deleted_at is null and u.role_id = 4
    and ${today}::date between r.start_date and r.end_date
  group by r.walker_id order by count(*) desc, r.walker_id limit 1`;
await raw`update users set password_hash = (select password_hash from users where email = 'admin@happypaws.test')
  where id in (${customer}, ${walker}) and password_hash = '!unset'`;
await raw`
  insert into users (company_id, role_id, position_id, franchisee_id, first_name, last_name, user_name, email,
                     password_hash, is_active)
  select ${HAPPY}, 6, (select position_id from users where email = 'franchisee@happypaws.test'),
         (select franchisee_id from users where email = 'franchisee@happypaws.test'),
         'Bench', 'Franchisee', 'Bench Franchisee', 'bench.franchisee@happypaws.test', password_hash, 1
  from users where email = 'admin@happypaws.test'
    and not exists (select 1 from users where email = 'bench.franchisee@happypaws.test')`;
const emailOf = async (id: number) =>
  (await raw<{ email: string }[]>`select email from users where id = ${id}`)[0].email;
const customerEmail = await emailOf(customer);
const walkerEmail = await emailOf(walker);

// ---------------------------------------------------------------------------------------------------------------
// The portal's statements for each scenario, captured in-process through the kernel itself.
process.env.DATABASE_URL = url;
process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret";
process.env.SEED_DEMO = "false";
process.env.KYC_SWEEP = "0";
const { closeDb, watchStatements } = await import("@/lib/platform/db");
const { resolveContext } = await import("@/lib/platform/context");
const { listUsers, saveUser } = await import("@/lib/admin/users/users");
const { EXACT_COUNT_LIMIT } = await import("@/lib/platform/list");

type Statement = { text: string; params: unknown[] };
async function capture(fn: () => Promise<unknown>): Promise<Statement[]> {
  const w = watchStatements();
  try {
    await fn();
  } finally {
    w.stop();
  }
  return w.statements.map((text, i) => ({ text, params: w.params[i] }));
}

/** A read's statements as a warm request sends them (run once first: a minute's caches, such as a list's policy
 * share and its "counted big" note, filled), so a floor replays what each request of the run sends. */
async function captureWarm(fn: () => Promise<unknown>): Promise<Statement[]> {
  await fn();
  return capture(fn);
}

const idOf = async (email: string) =>
  (await raw<{ id: number }[]>`select id from users where email = ${email}`)[0].id;
const contextOf = async (userId: number) =>
  resolveContext({ userId, via: "token", binding: "t:bench", requestedCompanyId: HAPPY });
const admin = await idOf("admin@happypaws.test");
const ctx = await contextOf(admin);
const customerCtx = await contextOf(customer);
const walkerCtx = await contextOf(walker);
const franchiseeAdmin = await idOf("bench.franchisee@happypaws.test");
/** The bench's franchisee admin, of the franchisee of the request it approves next. */
const franchiseeOf = (franchiseeId: number) =>
  raw`update users set franchisee_id = ${franchiseeId} where email = 'bench.franchisee@happypaws.test'`;

const [{ n: liveRows }] = await raw<{ n: number }[]>`
  select count(*)::int as n from users where company_id = ${HAPPY} and role_id = 4 and deleted_at is null`;
const DEEP = Math.min(500_000, Math.floor(liveRows / 2));
const [{ id: deepId }] = await raw<{ id: number }[]>`
  select id from users where company_id = ${HAPPY} and role_id = 4 and deleted_at is null
  order by id desc offset ${DEEP - 1} limit 1`;
const deepCursor = Buffer.from(JSON.stringify([null, deepId])).toString("base64url");
const SEARCHES = ["sha", "priya", "reddy", "9820", "kav", "gmail", "iyengar", "ansari"];
// The monthly requests' keyword search: customers' names and phones (the address where there is one).
const MONTHLY_SEARCHES = ["sha", "priya", "9820", "iyengar"];
const updateTarget = (
  await raw<{ id: number }[]>`
    select id from users where company_id = ${HAPPY} and role_id = 4 and deleted_at is null and position_id is not null
    order by id limit 1`
)[0].id;

const scenarios = {
  page1: { q: { role_id: "4" } },
  deep: { q: { role_id: "4", cursor: deepCursor } },
  ...Object.fromEntries(SEARCHES.map((s) => [`search_${s}`, { q: { role_id: "4", search_keyword: s } }])),
} as Record<string, { q: Record<string, string> }>;
const captured: Record<string, Statement[]> = {};
for (const [name, s] of Object.entries(scenarios))
  captured[name] = await captureWarm(() => listUsers(ctx, { ...s.q }));

// Every other registered entity's list, page 1 as its screen opens it, and its search for a term nobody typed
// (a search served by its index reads nothing; one that is not scans the company): their shape is guarded (below).
const { registry } = await import("@/lib/registry");
const { listOf } = await import("@/lib/platform/entity");
const entityPages: Record<string, Statement[]> = {};
const entitySearches: Record<string, Statement[]> = {};
const searchFailures: Record<string, string> = {};
for (const r of registry)
  if (r.def.list && r.def.ops.includes("list") && r.def.name !== "users") {
    entityPages[`${r.def.name} page 1`] = await capture(() => listOf(r.def)(ctx, {}));
    const l = r.def.list as { search?: unknown[]; searchText?: unknown; searchThrough?: unknown[] };
    if (l.searchText || l.search?.length || l.searchThrough?.length)
      try {
        entitySearches[`${r.def.name} search`] = await capture(() =>
          listOf(r.def)(ctx, { search_keyword: "qzxj" }),
        );
      } catch (e) {
        searchFailures[`${r.def.name} search`] = ((e as { cause?: Error }).cause ?? (e as Error)).message;
      }
  }
entitySearches["users search"] = await capture(() =>
  listUsers(ctx, { role_id: "4", search_keyword: "qzxj" }),
);

// The screens people wait on, through /api, each with the statements its answer sends (the floors run these).
const { walkCalendar } = await import("@/lib/jobs/walk-calendar");
const { dailyJobPlansCrud } = await import("@/lib/jobs/daily-job-plans");
const { listWalks } = await import("@/lib/jobs/walks");
const { walkRequestStatistics } = await import("@/lib/jobs/customer-walk-requests");
const { leaveAvailableStaff } = await import("@/lib/jobs/leave-requests");
const entityDef = (name: string) => registry.find((r) => r.def.name === name)!.def;
const [busy] = await raw<{ id: number; month: string }[]>`
  select walker_id as id, to_char(min(date), 'YYYY-MM') as month from daily_job_plan_walks
  where company_id = ${HAPPY} and walker_id is not null and deleted_at is null
  group by walker_id, date_trunc('month', date) order by count(*) desc limit 1`;
const month = today.slice(0, 7);
// The pending leave of the busiest walkers (most walks that day), ahead of today: listing the first one's
// replacements is measured before and after the approvals; the next ones are approved. The seed's pending leave lies
// in the past, so the run asks for it (an incremental step): a full day's leave for each of the walkers with the most
// walks on a day of the coming week who has none that day, up to LEAVES pending.
const LEAVES = CI ? 4 : 22;
await raw`
  insert into leave_requests (company_id, user_id, franchisee_id, date, leave_type, reason, status)
  select ${HAPPY}, b.walker_id, b.franchisee_id, b.date, 'full_day', 'Bench leave', 0
  from (
    select w.walker_id, min(w.franchisee_id) as franchisee_id, w.date, count(*) as n
    from daily_job_plan_walks w
    where w.company_id = ${HAPPY} and w.deleted_at is null and w.walker_id is not null
      and w.date between ${today}::date + 1 and ${today}::date + 7
    group by w.walker_id, w.date
  ) b
  where not exists (select 1 from leave_requests l where l.user_id = b.walker_id and l.date = b.date and l.deleted_at is null)
  order by b.n desc, b.walker_id, b.date
  limit greatest(0, ${LEAVES} - (
    select count(*) from leave_requests
    where company_id = ${HAPPY} and status = 0 and deleted_at is null and date > ${today}::date))`;
const busyLeaves = await raw<{ id: number; walks: number }[]>`
  select l.id, (select count(*) from daily_job_plan_walks w
                where w.walker_id = l.user_id and w.date = l.date and w.deleted_at is null)::int as walks
  from leave_requests l
  where l.company_id = ${HAPPY} and l.status = 0 and l.deleted_at is null and l.date > ${today}::date
  order by walks desc, l.id limit ${LEAVES}`;
const staffLeave = busyLeaves[0];

type ApiScenario = {
  label: string;
  path: string;
  who: "admin" | "customer" | "walker";
  run: () => Promise<unknown>;
  /** Requests per round: a fraction of REQUESTS for the slow ones. */
  share?: number;
  kind: "list" | "search" | "read";
};
const apiScenarios: Record<string, ApiScenario> = {
  page1: {
    label: "/api list page 1 (GET /api/users)",
    path: `users?role_id=4`,
    who: "admin",
    run: () => listUsers(ctx, { role_id: "4" }),
    kind: "list",
  },
  deep: {
    label: `/api list, ${DEEP.toLocaleString("en")} rows deep (cursor)`,
    path: `users?role_id=4&cursor=${deepCursor}`,
    who: "admin",
    run: () => listUsers(ctx, { role_id: "4", cursor: deepCursor }),
    kind: "list",
  },
  jobs_daily_plans: {
    label: "daily job plans list page 1 (GET /api/daily_job_plans)",
    path: "daily_job_plans",
    who: "admin",
    // The route's list: the page and its plans' walks (the Walks sub-table).
    run: () => dailyJobPlansCrud.list(ctx, {}),
    share: 0.5,
    kind: "list",
  },
  jobs_calendar: {
    label: `a walker's calendar month (GET /api/walk_calendar, ${busy.month}, the busiest walker)`,
    path: `walk_calendar?month=${busy.month}&walker_id=${busy.id}`,
    who: "admin",
    run: () => walkCalendar(ctx, { month: busy.month, walker_id: String(busy.id) }),
    share: 0.5,
    kind: "read",
  },
  calendar_company: {
    label: `the company's calendar month (GET /api/walk_calendar, ${month}, every franchisee)`,
    path: `walk_calendar?month=${month}`,
    who: "admin",
    run: () => walkCalendar(ctx, { month }),
    share: 0.25,
    kind: "read",
  },
  jobs_walk_requests: {
    label: "customer walk requests list page 1 (GET /api/customer_walk_requests)",
    path: "customer_walk_requests",
    who: "admin",
    run: () => listOf(entityDef("customer_walk_requests"))(ctx, {}),
    share: 0.5,
    kind: "list",
  },
  walk_request_cards: {
    label: "walk requests' statistic cards (GET /api/customer_walk_requests/statistics)",
    path: "customer_walk_requests/statistics",
    who: "admin",
    run: () => walkRequestStatistics(ctx),
    share: 0.5,
    kind: "read",
  },
  leave_list: {
    label: "leave requests list page 1 (GET /api/leave_requests)",
    path: "leave_requests",
    who: "admin",
    run: () => listOf(entityDef("leave_requests"))(ctx, {}),
    share: 0.5,
    kind: "list",
  },
  monthly_list: {
    label: "monthly job requests list page 1 (GET /api/user_monthly_job_requests)",
    path: "user_monthly_job_requests",
    who: "admin",
    run: () => listOf(entityDef("user_monthly_job_requests"))(ctx, {}),
    share: 0.5,
    kind: "list",
  },
  walks_customer: {
    label: "a customer's walks (GET /api/walks as the busiest customer)",
    path: "walks",
    who: "customer",
    run: () => listWalks(customerCtx, {}),
    share: 0.5,
    kind: "read",
  },
  walks_walker: {
    label: `a walker's day (GET /api/walks?from_date=${today}&to_date=${today} as the busiest walker)`,
    path: `walks?from_date=${today}&to_date=${today}`,
    who: "walker",
    run: () => listWalks(walkerCtx, { from_date: today, to_date: today }),
    share: 0.5,
    kind: "read",
  },
};
// The approvals inbox (issue 25): its page with the counts per kind, and one kind (bench/home.ts).
Object.assign(apiScenarios, await (await import("./home")).homeScenarios(ctx));
if (staffLeave)
  apiScenarios.leave_staff = {
    label: `replacement staff for the busiest walker's leave (${staffLeave.walks} walks that day; GET /api/leave_requests/:id/available-staff)`,
    path: `leave_requests/${staffLeave.id}/available-staff`,
    who: "admin",
    run: () => leaveAvailableStaff(ctx, staffLeave.id),
    share: 0.25,
    kind: "read",
  };
for (const s of MONTHLY_SEARCHES)
  apiScenarios[`monthly_search_${s}`] = {
    label: "",
    path: `user_monthly_job_requests?search_keyword=${s}`,
    who: "admin",
    run: () => listOf(entityDef("user_monthly_job_requests"))(ctx, { search_keyword: s }),
    share: 0.25,
    kind: "search",
  };
for (const s of SEARCHES)
  apiScenarios[`search_${s}`] = {
    label: "",
    path: `users?role_id=4&search_keyword=${s}`,
    who: "admin",
    run: () => listUsers(ctx, { role_id: "4", search_keyword: s }),
    share: 0.25,
    kind: "search",
  };
const failed: Record<string, string> = {};
for (const [name, s] of Object.entries(apiScenarios)) {
  try {
    captured[name] ??= await captureWarm(s.run);
  } catch (e) {
    // A screen that fails in-process would fail through /api too: reported as not measured, the rest goes on.
    console.error(`[bench] ${name}: ${(e as Error).message}`);
    failed[name] = `${apiScenarios[name].label || name}: ${(e as Error).message}`;
    delete apiScenarios[name];
  }
}
// The walk requests' page: its list and its cards (the SSR page's floor renders both).
captured.walk_requests_page = [
  ...(captured.jobs_walk_requests ?? []),
  ...(captured.walk_request_cards ?? []),
];

// The update: the statements of one save (its transaction), with and without the audit record.
const { getUser } = await import("@/lib/admin/users/users");
const before = (await getUser(ctx, updateTarget)) as Record<string, unknown>;
const updateBody = (i: number) => ({
  id: updateTarget,
  first_name: before.first_name,
  last_name: `Bench${i % 1000}`,
  email: before.email,
  phone: before.phone ?? "+91 9800000000",
  position_id: before.position_id,
});
const updateStatements = await capture(() => saveUser(ctx, updateBody(0)));
const auditless = updateStatements.filter((s) => !/insert into "audit_records"/i.test(s.text));
if (auditless.length === updateStatements.length) throw new Error("the update wrote no audit record");

// The writes' statements, one of each captured in-process (the /api calls below time them): approving a month of
// walks (a franchisee admin's approval generates the month's plans and walks), approving a leave with a replacement,
// and the KYC expiry sweep over the company (its state put back first and after: see kycReset).
// Pending requests of the month ahead, the oldest first. The approval checks that the walker is one of the
// franchisee's walkers, which the seed's walkers are not: the run gives each its franchisee's first walker (an
// incremental step, as the franchisee admin would before approving).
// Each run approves some of them: when too few are left whose franchisee has an active walker, pending requests of
// the coming days are handed to the busiest walker's franchisee (an incremental step, as the sign-ins above), so a
// later run on the same data set still has months to approve.
{
  const want = CI ? 3 : 11;
  const [{ n }] = await raw<{ n: number }[]>`
    select count(*)::int as n from user_monthly_job_requests r
    where r.company_id = ${HAPPY} and r.deleted_at is null and r.franchisee_approval_status = 0
      and r.timeslot is not null and r.end_date >= ${today}::date
      and exists (select 1 from users u where u.franchisee_id = r.franchisee_id and u.company_id = ${HAPPY}
                  and u.role_id = 4 and u.is_active = 1 and u.deleted_at is null)`;
  if (n < want)
    await raw`
      update user_monthly_job_requests set franchisee_id = (select franchisee_id from users where id = ${walker})
      where id in (
        select r.id from user_monthly_job_requests r
        where r.company_id = ${HAPPY} and r.deleted_at is null and r.franchisee_approval_status = 0
          and r.timeslot is not null and r.end_date >= ${today}::date
        order by r.id limit ${want - n})
        and (select franchisee_id from users where id = ${walker}) is not null`;
}
const pendingRequests = await raw<{ id: number; franchisee_id: number }[]>`
  select r.id, r.franchisee_id from user_monthly_job_requests r
  where r.company_id = ${HAPPY} and r.deleted_at is null and r.franchisee_approval_status = 0
    and r.timeslot is not null and r.end_date >= ${today}::date
    and exists (select 1 from users u where u.franchisee_id = r.franchisee_id and u.company_id = ${HAPPY}
                and u.role_id = 4 and u.is_active = 1 and u.deleted_at is null)
  order by r.id limit ${CI ? 3 : 11}`;
for (const r of pendingRequests)
  await raw`
    update user_monthly_job_requests set walker_id = (
      select id from users u where u.franchisee_id = ${r.franchisee_id} and u.company_id = ${HAPPY}
        and u.role_id = 4 and u.is_active = 1 and u.deleted_at is null order by id limit 1)
    where id = ${r.id}`;
await raw`create table if not exists bench_kyc_snapshot as
  select id from franchisees where company_id = ${HAPPY} and is_kyc_valid = 1`;
async function kycReset() {
  await raw`update franchisee_kyc_documents set expiry_notified = null
    where company_id = ${HAPPY} and expiry_notified is not null`;
  await raw`update user_kyc_documents set expiry_notified = null
    where company_id = ${HAPPY} and expiry_notified is not null`;
  await raw`update franchisees set is_kyc_valid = 1
    where id in (select id from bench_kyc_snapshot) and is_kyc_valid <> 1`;
  await raw`delete from notifications where company_id = ${HAPPY} and title like 'KYC document expires%'`;
}
const writeStatements: Record<string, number> = {};
const { monthlyRequestApprove } = await import("@/lib/jobs/monthly-requests");
const { approveWithReplacement } = await import("@/lib/jobs/leave-requests");
const { runKycExpirySweep } = await import("@/lib/franchise/kyc-expiry");
const firstCandidate = (x: unknown): number | null => {
  const list = (Array.isArray(x) ? x : ((x as { data?: unknown[] })?.data ?? [])) as { id?: number }[];
  return list[0]?.id ?? null;
};
const writeErrors: string[] = [];
/** One write captured in-process: its statements counted; refused, it is reported and the run goes on. */
async function countWrite(name: string, fn: () => Promise<unknown>) {
  try {
    writeStatements[name] = (await capture(fn)).length;
  } catch (e) {
    writeErrors.push(`${name} (in-process): ${(e as Error).message}`);
  }
}
if (WRITES) {
  if (pendingRequests.length > 1) {
    const r = pendingRequests.shift()!;
    await franchiseeOf(r.franchisee_id);
    const franchiseeCtx = await contextOf(franchiseeAdmin);
    await countWrite("approve_month", () =>
      (monthlyRequestApprove as (c: unknown, r: unknown) => Promise<unknown>)(franchiseeCtx, { id: r.id }),
    );
  }
  if (busyLeaves.length > 2) {
    const l = busyLeaves.pop()!;
    await countWrite("approve_leave", async () => {
      const replacement = firstCandidate(await leaveAvailableStaff(ctx, l.id));
      return approveWithReplacement(ctx, l.id, { replacement_user_id: replacement });
    });
  }
  await kycReset();
  await countWrite("kyc_sweep", () => runKycExpirySweep(ctx));
  await kycReset();
}
{
  // The portal's calendar page (a company's month as counts per day): its statements, for the shapes.
  const { calendarSummary } = await import("@/lib/jobs/walk-calendar");
  captured.calendar_summary = await capture(() => calendarSummary(ctx, { month }));
}
await closeDb();

// ---------------------------------------------------------------------------------------------------------------
// Query shapes: what CI guards. Lists: a page, a deep keyset page and their bounded counts read a bounded number of
// rows whatever the company's size (an exact count or a deep OFFSET creeping back reads them all). Searches (a term
// nobody typed), cards, calendars and the apps' walks: no scan reads a large share of its table (a search its index
// does not serve, or a figure counted over the table, reads rows in proportion to it).
type PlanNode = {
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Node Type"?: string;
  "Relation Name"?: string;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
};
type Read = { rows: number; output: number; perLoop: number; relation: string };
function scansOf(n: PlanNode, out: Read[] = []): Read[] {
  if (/Scan/.test(n["Node Type"] ?? "") && !/Bitmap Index/.test(n["Node Type"] ?? "")) {
    const loops = n["Actual Loops"] ?? 1;
    out.push({
      // What the scan read: the rows it returned and those its filter or recheck threw away.
      rows:
        ((n["Actual Rows"] ?? 0) +
          (n["Rows Removed by Filter"] ?? 0) +
          (n["Rows Removed by Index Recheck"] ?? 0)) *
        loops,
      output: (n["Actual Rows"] ?? 0) * loops,
      perLoop:
        (n["Actual Rows"] ?? 0) +
        (n["Rows Removed by Filter"] ?? 0) +
        (n["Rows Removed by Index Recheck"] ?? 0),
      relation: n["Relation Name"] ?? "",
    });
  }
  for (const p of n.Plans ?? []) scansOf(p, out);
  return out;
}
const shapeLimit = EXACT_COUNT_LIMIT + 1 + 100;
/** A scan reading more than this share of its table (and more than SHARE_MIN rows) reads in proportion to it. */
const SHARE = 0.2;
const SHARE_MIN = 2000;
const SHAPE_TIMEOUT = 20;
const tableRows = new Map(
  (
    await raw<{ relname: string; n: number }[]>`
      select relname, greatest(reltuples, 0)::float8 as n from pg_class where relkind in ('r', 'p')`
  ).map((r) => [r.relname, Number(r.n)]),
);
/**
 * list: no scan returns more than a page and its bounded count (shapeLimit rows); share: no scan reads more than
 * SHARE of its table. `enforced` false: reported in docs/benchmarks.md, not failing CI (shapes this issue does not
 * own: the older entities' searches, the apps' walks; see the README).
 */
type Shape = {
  name: string;
  rows: number;
  table: string;
  share: number;
  ok: boolean;
  rule: "list" | "share";
  enforced: boolean;
};
const shapes: Shape[] = [];
async function shapeOf(name: string, statements: Statement[], rule: Shape["rule"], enforced = true) {
  let worst = { rows: 0, relation: "", share: 0 };
  let ok = true;
  // A statement's own settings (set local jit, memoize...: the transaction it runs in) apply to its EXPLAIN too.
  const sets: Statement[] = [];
  for (const s of statements) {
    if (/^set\s/i.test(s.text.trim())) {
      sets.push(s);
      continue;
    }
    // Planner settings sent with the next statement (lib/platform/db.ts withPlannerSettings, RESET after it): for
    // the EXPLAIN's transaction only.
    if (/^select set_config\('[a-z_]+', \$1, false\)/.test(s.text.trim())) {
      sets.push({ text: s.text.replace(/, false\)/g, ", true)"), params: s.params });
      continue;
    }
    if (/^(explain|insert|update|delete|reset|show)/i.test(s.text.trim())) continue;
    const explain = `explain (analyze, format json) ${s.text}`;
    let plan: Record<string, unknown>;
    try {
      // Bounded: a statement still running after SHAPE_TIMEOUT reads in proportion to its table at any scale.
      [plan] = await raw.begin(async (q) => {
        await q.unsafe(`set local statement_timeout = '${SHAPE_TIMEOUT}s'`);
        for (const x of sets) await q.unsafe(x.text, x.params as never[]);
        return q.unsafe(explain, s.params as never[]);
      });
    } catch (e) {
      ok = false;
      worst = { rows: NaN, relation: `failed: ${(e as Error).message}`, share: NaN };
      continue;
    }
    const root = (Object.values(plan)[0] as { Plan: PlanNode }[])[0].Plan;
    for (const r of scansOf(root)) {
      const rows = rule === "list" ? r.output : r.rows;
      // The share of a table one pass of the scan reads (a CTE or function scan reads no table).
      const share = r.relation ? r.perLoop / Math.max(1, tableRows.get(r.relation) ?? r.perLoop) : 0;
      const bad = rows > shapeLimit || (rule === "share" && r.perLoop > SHARE_MIN && share > SHARE);
      if (bad) ok = false;
      // The scan shown: the one that breaks the bound, else the largest.
      const shown =
        rule === "list"
          ? rows > worst.rows
          : (bad && (worst.share <= SHARE || share > worst.share)) ||
            (worst.share <= SHARE && rows > worst.rows);
      if (shown) worst = { rows, relation: r.relation, share };
    }
  }
  shapes.push({ name, rows: worst.rows, table: worst.relation, share: worst.share, ok, rule, enforced });
}
/** Statements that could not be captured (a timeout in the kernel's own call): they read too much. */
function shapeFailed(name: string, why: string, enforced: boolean) {
  shapes.push({ name, rows: NaN, table: `failed: ${why}`, share: NaN, ok: false, rule: "share", enforced });
}
await shapeOf("page1", captured.page1, "list");
await shapeOf("deep", captured.deep, "list");
for (const [name, st] of Object.entries(entityPages)) await shapeOf(name, st, "list");
// The searches issue 23 put behind a trigram index: users, the monthly requests' customers, franchisees, the four
// career requests, the walk requests, and the daily plans' customers, walkers and pets.
const INDEXED_SEARCHES = [
  "users",
  "daily_job_plans",
  "user_monthly_job_requests",
  "franchisees",
  "pet_walkie_career_requests",
  "pet_trainer_career_requests",
  "franchisee_career_requests",
  "daycare_career_requests",
  "customer_walk_requests",
];
// The others' (reported only) are read in CI; a full run skips them with --indexed-searches-only.
for (const [name, st] of Object.entries(entitySearches)) {
  const enforced = INDEXED_SEARCHES.includes(name.replace(/ search$/, ""));
  if (enforced || !flag("indexed-searches-only")) await shapeOf(name, st, "share", enforced);
}
for (const [name, why] of Object.entries(searchFailures))
  shapeFailed(name, why, INDEXED_SEARCHES.includes(name.replace(/ search$/, "")));
for (const [name, enforced] of [
  ["jobs_daily_plans", true],
  ["calendar_company", true],
  ["walk_request_cards", true],
  ["leave_staff", true],
  ["jobs_calendar", true],
  ["walks_customer", false],
  ["walks_walker", false],
] as const)
  if (captured[name] && apiScenarios[name])
    await shapeOf(apiScenarios[name].label, captured[name], "share", enforced);
// The portal's calendar page: a company's month as counts per day (calendarSummary), read from the kept per-day
// figures (walk_day_figures), never the month's walks.
if (captured.calendar_summary)
  await shapeOf(
    `the calendar page's company month (calendarSummary, ${month})`,
    captured.calendar_summary,
    "share",
  );
const statementsPerList = captured.page1.length;
const statementsOf = (name: string) => captured[name]?.length ?? 0;
for (const s of shapes)
  console.log(
    `query shape: ${s.name} reads at most ${s.rows} rows in a scan${s.table ? ` (${s.table})` : ""}, ${(100 * s.share).toFixed(0)}% of it (${s.ok ? "ok" : s.enforced ? "TOO MANY" : "too many, reported only"})`,
  );
log(
  `a list page sends ${statementsPerList} statement(s); daily job plans ${statementsOf("jobs_daily_plans")}`,
);

// ---------------------------------------------------------------------------------------------------------------
// The servers.
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

if (!fs.existsSync(path.join(DIST, "BUILD_ID"))) {
  log(`building the portal into ${DIST}...`);
  const b = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { stdio: "inherit" });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const portalPort = await freePort();
const floorPort = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-bench-"));
const children: ChildProcess[] = [];
function start(
  cmd: string[],
  env: Record<string, string>,
  ready: RegExp | string,
  cwd = root,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, cmd, {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
      cwd,
    });
    children.push(child);
    let log = "";
    const onData = (d: Buffer) => {
      log += d.toString();
      // A floor's word about a stuck connection it ended (bench/floor-exec.mjs) goes to the run's own output.
      for (const line of d.toString().split("\n")) if (line.startsWith("[floor] ")) console.error(line);
      if (log.length > 20_000) log = log.slice(-10_000);
      if (typeof ready === "string" ? log.includes(ready) : ready.test(log)) resolve(child);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", onData);
    child.on("exit", (code) => reject(new Error(`${cmd.join(" ")} exited ${code}:\n${log.slice(-3000)}`)));
  });
}
const cleanup = () => {
  for (const c of children) c.kill("SIGTERM");
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on("exit", cleanup);

const portal = await start(
  ["scripts/server.mjs"],
  {
    DATABASE_URL: url,
    PORT: String(portalPort),
    HOSTNAME: "127.0.0.1",
    DATA_DIR: dataDir,
    AUTH_SECRET: process.env.AUTH_SECRET!,
    AUTH_TRUST_HOST: "true",
    SEED_DEMO: "false",
    // The hourly KYC sweep would run at start over the whole data set: the bench runs it on purpose, timed.
    KYC_SWEEP: "0",
    // One token makes every /api call of the run: its budget (600 a minute) would stop the benchmark.
    RATE_LIMIT_SCALE: "10000",
    NODE_ENV: "production",
    NEXT_DIST_DIR: DIST,
  },
  /\[server\] ready|ready on http/,
);
// The floors' connections plan as the portal's do (its pool opens with these settings).
const floorSettings = JSON.stringify((await import("@/lib/platform/planner")).PLANNER_SETTINGS);
const floor = await start(
  ["bench/floor.mjs"],
  { BENCH_DATABASE_URL: url, FLOOR_PORT: String(floorPort), BENCH_PG_SETTINGS: floorSettings },
  "floor listening",
);
// The /api rows' floor (full runs): bench/next-floor, a bare Next app whose one route handler runs the same statements
// through postgres.js: what Next itself costs on this machine, with no sign-in, no drizzle and no portal code.
const nextFloorDir = path.join(root, "bench", "next-floor");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
let nextFloorUrl: string | null = null;
if (!CI) {
  if (!fs.existsSync(path.join(nextFloorDir, ".next", "BUILD_ID"))) {
    log("building the bare Next floor...");
    const b = spawnSync(process.execPath, [nextBin, "build"], {
      stdio: "inherit",
      cwd: nextFloorDir,
      env: { ...process.env, NEXT_DIST_DIR: "" },
    });
    if (b.status !== 0) process.exit(b.status ?? 1);
  }
  const nextFloorPort = await freePort();
  await start(
    [nextBin, "start", "-p", String(nextFloorPort), "-H", "127.0.0.1"],
    { BENCH_DATABASE_URL: url, NODE_ENV: "production", NEXT_DIST_DIR: "", BENCH_PG_SETTINGS: floorSettings },
    "Ready",
    nextFloorDir,
  );
  nextFloorUrl = `http://127.0.0.1:${nextFloorPort}`;
}
const P = `http://127.0.0.1:${portalPort}`;
const F = `http://127.0.0.1:${floorPort}`;
// Wait until the portal answers.
for (let i = 0; ; i++) {
  try {
    if ((await request(`${P}/auth/login`)).status < 500) break;
  } catch {
    /* not yet */
  }
  if (i > 300) throw new Error("the portal did not start");
  await new Promise((r) => setTimeout(r, 200));
}

// Sign in: bearer tokens for /api (the admin, the customer, the walker, the franchisee admin), a session cookie for
// the pages (Auth.js's own credentials callback).
const tokenOf = async (email: string) =>
  (
    await json<{ token: string }>(`${P}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: "Demo@1234", is_web: false }),
    })
  ).token;
const bearerOf = async (email: string) => ({ authorization: `Bearer ${await tokenOf(email)}` });
const bearer = await bearerOf("admin@happypaws.test");
const bearers = {
  admin: bearer,
  customer: await bearerOf(customerEmail),
  walker: await bearerOf(walkerEmail),
};
const franchiseeBearer = await bearerOf("bench.franchisee@happypaws.test");
const cookie = await signIn();
async function signIn(): Promise<string> {
  const csrf = await new Promise<{ cookies: string[]; body: string }>((resolve, reject) => {
    http.get(`${P}/api/auth/csrf`, (res) => {
      let b = "";
      res.on("data", (c) => (b += c));
      res.on("end", () => resolve({ cookies: res.headers["set-cookie"] ?? [], body: b }));
      res.on("error", reject);
    });
  });
  const jar = csrf.cookies.map((c) => c.split(";")[0]).join("; ");
  const form = new URLSearchParams({
    email: "admin@happypaws.test",
    password: "Demo@1234",
    csrfToken: JSON.parse(csrf.body).csrfToken,
  });
  const set = await new Promise<string[]>((resolve, reject) => {
    const req = http.request(
      `${P}/api/auth/callback/credentials`,
      {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: jar, origin: P },
      },
      (r) => {
        r.resume();
        r.on("end", () => resolve(r.headers["set-cookie"] ?? []));
      },
    );
    req.on("error", reject);
    req.end(form.toString());
  });
  const session = set.map((c) => c.split(";")[0]).find((c) => c.startsWith("authjs.session-token="));
  if (!session) throw new Error("could not sign in for the pages");
  return session;
}
// The pages' session cookie, kept as a browser keeps it: the portal issues it again at most every 5 minutes
// (proxy.ts), and a client sending the first one for good would have every page after that re-encrypt it.
const page = { cookie };
const portalPage = (path: string) => async () => {
  const t = await request(`${P}${path}`, { headers: page });
  const again = t.setCookie?.map((c) => c.split(";")[0]).find((c) => c.startsWith("authjs.session-token="));
  if (again && again !== "authjs.session-token=") page.cookie = again;
  return t;
};

// The floors learn each scenario's statements.
async function load(name: string, body: object) {
  await request(`${F}/load/${name}`, { method: "POST", body: JSON.stringify(body) });
}
// Statements that set their own planner settings (`set local`, or set_config(…, true)) ran in a transaction in the
// portal: so they do here (outside one, a local setting does nothing). (A list of 6+ joins sends its settings with
// its page on one connection instead: bench/floor-exec.mjs replays that.)
const inTx = (st: Statement[]) =>
  st.some(
    (x) =>
      /^set\s+local\s/i.test(x.text.trim()) || /^select set_config\([^)]*,\s*true\)/i.test(x.text.trim()),
  );
// Every /api call first reads its caller: the bearer token, its rate-limit hit and the user, in one statement
// (lib/api/dispatch.ts callerOf). The /api floors send it too, as the portal does, before the scenario's own: "the
// same statements", with nothing of the portal's code around them.
const { tokenHash, tokenKey } = await import("@/lib/platform/api-tokens");
const { apiTokenBudget } = await import("@/lib/platform/rate-limit");
const callerStatements: Record<ApiScenario["who"], Statement[]> = { admin: [], customer: [], walker: [] };
for (const who of Object.keys(callerStatements) as ApiScenario["who"][]) {
  const token = bearers[who].authorization.replace(/^Bearer /, "");
  callerStatements[who] = await capture(() =>
    resolveContext({
      token: { hash: tokenHash(token), limitKey: `api:token:${tokenKey(token)}`, budget: apiTokenBudget() },
      via: "token",
      binding: `t:${tokenKey(token)}`,
      requestedCompanyId: null,
      strictCompany: true,
    }),
  );
}
log(`the caller's statements, sent before each /api floor's: ${callerStatements.admin.length}`);
for (const [name, st] of Object.entries(captured))
  await load(name, {
    caller: apiScenarios[name] ? callerStatements[apiScenarios[name].who] : [],
    statements: st,
    tx: inTx(st),
  });
if (nextFloorUrl)
  for (const name of Object.keys(apiScenarios)) {
    const own = captured[name];
    // A transaction of the scenario's own stays one: the caller's statement goes before it, outside.
    await request(`${nextFloorUrl}/api/load/${name}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        caller: callerStatements[apiScenarios[name].who],
        statements: own,
        tx: inTx(own),
      }),
    });
  }
const nextJson = (name: string) => () => request(`${nextFloorUrl}/api/json/${name}`);
await load("update_audited", { statements: updateStatements, tx: true });
await load("update_unaudited", { statements: auditless, tx: true });
const copySql = `copy (
  select u.id, case when u.is_active = 1 then 'Active' else 'Inactive' end, u.first_name, u.middle_name, u.last_name,
         u.user_name, u.email, u.phone, u.employee_code, p.name, f.name, up.user_name, u.is_kyc_verified, u.created_at
  from users u left join positions p on p.id = u.position_id left join franchisees f on f.id = u.franchisee_id
  left join users up on up.id = u.upline_user_id
  where u.company_id = ${HAPPY} and u.role_id = 4 and u.deleted_at is null order by u.id desc
) to stdout with (format csv, header)`;
await load("export", { copy: copySql });
// --hold: nothing measured; the portal and both floors stay up, loaded, for probing by hand (bench/probe.mjs), until
// the run is interrupted.
if (flag("hold")) {
  log(
    `holding: portal ${P}, node:http floor ${F} (/json/<name>, /html/<name>), bare Next floor ${nextFloorUrl}`,
  );
  log(`(/api/json/<name>, /page/<name>); the admin's ${bearer.authorization}`);
  await new Promise(() => {});
}

// ---------------------------------------------------------------------------------------------------------------
// Measuring.
type Side = { samples: number[]; roundMedians: number[] };
type Result = { portal: Side; floor: Side };
const side = (): Side => ({ samples: [], roundMedians: [] });
let results: Record<string, Result> = {};
/** Rows whose request timed out: reported as failed, skipped from then on, and the run exits 1 (CI too). */
const rowErrors: Record<string, string> = {};

async function sample(
  name: string,
  portalCall: () => Promise<Timing>,
  floorCall: () => Promise<Timing>,
  pick: (t: Timing) => number = (t) => t.total,
  n = REQUESTS,
  round = 0,
) {
  const r = (results[name] ??= { portal: side(), floor: side() });
  if (rowErrors[name]) return;
  // Alternate who goes first, so neither always follows the other's caches.
  const order =
    round % 2
      ? ([
          ["floor", floorCall],
          ["portal", portalCall],
        ] as const)
      : ([
          ["portal", portalCall],
          ["floor", floorCall],
        ] as const);
  for (const [who, call] of order) {
    const xs: number[] = [];
    for (let i = 0; i < n; i++) {
      let t: Timing;
      try {
        t = await call();
      } catch (e) {
        // A request that timed out (or lost its connection) fails its row, loudly, and the run's exit code; the
        // row is not measured again, the others go on.
        if (!(e instanceof RequestTimeout)) throw e;
        rowErrors[name] = `${who} side: ${e.message}`;
        console.error(`[bench] ROW FAILED ${name}: ${rowErrors[name]}`);
        return;
      }
      if (t.status >= 400) throw new Error(`${name} (${who}): status ${t.status}`);
      xs.push(pick(t));
    }
    r[who].samples.push(...xs);
    r[who].roundMedians.push(stats.median(xs));
  }
}

const api = (q: Record<string, string>) => () =>
  request(`${P}/api/users?${new URLSearchParams(q).toString()}`, { headers: bearer });
const floorJson = (name: string) => () => request(`${F}/json/${name}`);
const portalApi = (name: string) => () =>
  request(`${P}/api/${apiScenarios[name].path}`, { headers: bearers[apiScenarios[name].who] });
/** An /api row's floor: the bare Next app (full runs), else (CI) the node:http one. */
const apiFloor = (name: string) => (nextFloorUrl ? nextJson(name) : floorJson(name));
const PAGE_SCENARIOS: Record<string, { label: string; path: string; floor: string }> = {
  ssr: { label: "SSR list page /users, signed in (TTFB)", path: "/users", floor: "page1" },
  ssr_walk_requests: {
    label: "SSR walk requests page /customer-walk-requests with its cards, signed in (TTFB)",
    path: "/customer-walk-requests",
    floor: "walk_requests_page",
  },
};
// The pages' floor (full runs): the bare Next app's page (bench/next-floor/app/page), a server component rendering the
// same statements as a table; node:http's plain table is measured beside it (what Next alone costs for a page).
if (nextFloorUrl)
  for (const p of Object.values(PAGE_SCENARIOS))
    await request(`${nextFloorUrl}/api/load/${p.floor}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ statements: captured[p.floor], tx: inTx(captured[p.floor]) }),
    });
const httpPage = (p: { floor: string }) => () => request(`${F}/html/${p.floor}`);
const pageFloor = (p: { floor: string }) =>
  nextFloorUrl ? () => request(`${nextFloorUrl}/page/${p.floor}`) : httpPage(p);

// Warm-up: every route compiled, caches warm, and the code of both sides past the JIT's first tiers (the portal
// runs far more JavaScript per request than the floor, so a short warm-up measures its compiler, not its speed).
const WARM = CI ? 10 : 60;
/** Scenarios whose portal side took over SLOW_MS in the warm-up: fewer requests (SLOW_N a round), so a screen that
 * takes seconds at this scale is measured, not waited on for the whole run. */
const SLOW_MS = 150;
const SLOW_N = 4;
const slow = new Set<string>();
const countOf = (name: string, share = 1) =>
  slow.has(name) ? Math.min(SLOW_N, Math.ceil(REQUESTS * share)) : Math.ceil(REQUESTS * share);
/** The warm-up's request of a row: one that times out fails the row (as in `sample`), the warm-up goes on. */
async function warm(name: string, call: () => Promise<Timing>): Promise<Timing | null> {
  if (rowErrors[name]) return null;
  try {
    return await call();
  } catch (e) {
    if (!(e instanceof RequestTimeout)) throw e;
    rowErrors[name] = `warm-up: ${e.message}`;
    console.error(`[bench] ROW FAILED ${name}: ${rowErrors[name]}`);
    return null;
  }
}
for (let i = 0; i < WARM; i++) {
  for (const name of Object.keys(apiScenarios)) {
    const s = apiScenarios[name];
    if (s.kind === "search" && i % 4) continue;
    if ((s.share ?? 1) < 0.5 && i % 2) continue;
    if (slow.has(name) && i >= 4) continue;
    const t = await warm(name, portalApi(name));
    if (t && i >= 1 && t.total > SLOW_MS) slow.add(name);
    await warm(name, apiFloor(name));
    if (name === "page1" && nextFloorUrl) await warm(name, floorJson(name));
  }
  for (const [name, p] of Object.entries(PAGE_SCENARIOS)) {
    if (slow.has(name) && i >= 4) continue;
    const t = await warm(name, portalPage(p.path));
    if (t && i >= 1 && t.total > SLOW_MS) slow.add(name);
    await warm(name, pageFloor(p));
    if (nextFloorUrl) await warm(name, httpPage(p));
  }
}
if (slow.size) log(`slow (${SLOW_N} requests a round): ${[...slow].join(", ")}`);

/** One round of every read scenario (or of `only`). */
async function readRound(round: number, only?: Set<string>) {
  const want = (n: string) => !only || only.has(n);
  for (const [name, s] of Object.entries(apiScenarios)) {
    if (s.kind === "search" || !want(name)) continue;
    await sample(name, portalApi(name), apiFloor(name), undefined, countOf(name, s.share), round);
  }
  // The bare Next floor against the node:http floor, in the same rounds (what the framework costs here).
  if (nextFloorUrl && want("next_page1"))
    await sample("next_page1", nextJson("page1"), floorJson("page1"), undefined, REQUESTS, round);
  // Searches: their terms pooled into one row each.
  for (const [group, prefix] of [
    ["search", "search_"],
    ["monthly_search", "monthly_search_"],
  ] as const) {
    if (!want(group)) continue;
    for (const [name, s] of Object.entries(apiScenarios))
      if (name.startsWith(prefix))
        await sample(group, portalApi(name), apiFloor(name), undefined, countOf(name, s.share), round);
  }
  for (const [name, p] of Object.entries(PAGE_SCENARIOS))
    if (want(name)) {
      await sample(name, portalPage(p.path), pageFloor(p), (t) => t.ttfb, countOf(name, 0.5), round);
      // The bare Next page against node:http's table, in the same rounds (what Next alone costs for a page).
      if (nextFloorUrl)
        await sample(`${name}_floors`, pageFloor(p), httpPage(p), (t) => t.ttfb, countOf(name, 0.5), round);
    }
  if (want("update")) {
    let i = round * 1000;
    await sample(
      "update",
      () =>
        request(`${P}/api/users`, {
          method: "POST",
          headers: { ...bearer, "content-type": "application/json" },
          body: JSON.stringify(updateBody(++i)),
        }),
      () => request(`${F}/json/update_audited`),
      undefined,
      Math.ceil(REQUESTS / 2),
      round,
    );
    await sample(
      "update_sql",
      () => request(`${F}/json/update_audited`),
      () => request(`${F}/json/update_unaudited`),
      undefined,
      REQUESTS,
      round,
    );
  }
}

const started = performance.now();
for (let round = 0; round < ROUNDS; round++) {
  await readRound(round);
  log(`round ${round + 1}/${ROUNDS} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
}

// ---------------------------------------------------------------------------------------------------------------
// The writes, through /api: approving months of walks (a franchisee admin's approval generates the month's plans and
// walks), approving the busiest walkers' leave with a replacement (the staff listed first, the first one taken), and
// the KYC expiry sweep over the company (its state put back before each run). Then ANALYZE, as autovacuum would after
// such writes, and the reads they touch measured again.
type Writes = { approveMonth: number[]; listStaff: number[]; approveLeave: number[]; kyc: number[] };
const writes: Writes = { approveMonth: [], listStaff: [], approveLeave: [], kyc: [] };
let resultsAfter: Record<string, Result> = {};
const AFTER = [
  "leave_staff",
  "leave_list",
  "jobs_daily_plans",
  "calendar_company",
  "monthly_list",
  "jobs_calendar",
];
if (WRITES) {
  const post = (p: string, body: object, headers = bearer) =>
    request(`${P}/api/${p}`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(body),
      keep: true,
    });
  // A write refused (4xx/5xx) is reported with its answer and left out of the times; the run goes on.
  const ok = (t: Timing, what: string): number | null => {
    if (t.status < 400) return t.total;
    writeErrors.push(`${what}: ${t.status} ${t.body?.toString().slice(0, 200)}`);
    return null;
  };
  const push = (xs: number[], x: number | null) => x != null && xs.push(x);
  for (const r of pendingRequests) {
    await franchiseeOf(r.franchisee_id);
    push(
      writes.approveMonth,
      ok(
        await post(`user_monthly_job_requests/approve/${r.id}`, {}, franchiseeBearer),
        `approve request ${r.id}`,
      ),
    );
  }
  for (const l of busyLeaves.slice(1)) {
    const staff = await request(`${P}/api/leave_requests/${l.id}/available-staff`, {
      headers: bearer,
      keep: true,
    });
    if (!push(writes.listStaff, ok(staff, `available staff of leave ${l.id}`))) continue;
    const replacement = firstCandidate(JSON.parse(staff.body!.toString()));
    push(
      writes.approveLeave,
      ok(
        await post(`leave_requests/${l.id}/approve-with-replacement`, { replacement_user_id: replacement }),
        `approve leave ${l.id}`,
      ),
    );
  }
  for (let i = 0; i < (CI ? 1 : 3); i++) {
    await kycReset();
    push(writes.kyc, ok(await post("kyc_documents/expiry_sweep", {}), "KYC sweep"));
  }
  await kycReset();
  log(
    `writes: ${writes.approveMonth.length} months approved, ${writes.approveLeave.length} leaves, ${writes.kyc.length} KYC sweeps${writeErrors.length ? `; refused: ${writeErrors.join("; ")}` : ""}`,
  );
  const s = performance.now();
  // The tables the writes changed, as autovacuum's analyze would pick them.
  for (const t of [
    "user_monthly_job_requests",
    "daily_job_plans",
    "daily_job_plan_walks",
    "leave_requests",
    "franchisee_kyc_documents",
    "user_kyc_documents",
    "franchisees",
    "notifications",
    "audit_records",
  ])
    await raw.unsafe(`analyze ${t}`);
  log(`analyze: ${((performance.now() - s) / 1000).toFixed(1)} s`);
  const saved = results;
  results = {};
  const only = new Set(AFTER.filter((n) => apiScenarios[n]));
  for (let round = 0; round < Math.min(ROUNDS, 3); round++) await readRound(round, only);
  resultsAfter = results;
  results = saved;
}

// ---------------------------------------------------------------------------------------------------------------
// The pages in Chromium, and the build's first-load JavaScript per route.
const { measurePages } = await import("./browser");
const { routeWeights, WEIGHT_EXEMPT } = await import("./weight");
const pageRows = BROWSER
  ? await measurePages(
      P,
      { name: "authjs.session-token", value: page.cookie.split("=").slice(1).join("=") },
      { log },
    )
  : [];
let weights: ReturnType<typeof routeWeights> = [];
try {
  weights = routeWeights(DIST, root);
} catch (e) {
  log(`no route bundle stats in ${DIST}: ${(e as Error).message}`);
}

// Throughput of page 1: 8 clients for 3 s each side.
const tput = {
  portal: await throughput(api(scenarios.page1.q), 8, CI ? 1000 : 3000),
  floor: await throughput(floorJson("page1"), 8, CI ? 1000 : 3000),
};

// Exports: rows a second against COPY, and the portal's memory while it streams.
/** An export of a million rows takes 7-25 s here: its deadline is longer than a request's 60 s. */
const EXPORT_TIMEOUT_MS = 10 * 60_000;
type ExportRun = { seconds: number; rowsPerSec: number; bytes: number; rssBefore: number; rssPeak: number };
async function exportRun(format: "csv" | "xlsx"): Promise<ExportRun> {
  const { data: link } = await json<{ data: string }>(
    `${P}/api/users/excel_export?${new URLSearchParams({ role_id: "4", format }).toString()}`,
    { headers: bearer },
  );
  const rssBefore = rssOf(portal.pid!);
  let rssPeak = rssBefore;
  const timer = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(portal.pid!))), 50);
  const t = await request(`${P}${link}`, { headers: bearer, timeoutMs: EXPORT_TIMEOUT_MS }).finally(() =>
    clearInterval(timer),
  );
  if (t.status >= 400) throw new Error(`export ${format}: ${t.status}`);
  return {
    seconds: t.total / 1000,
    rowsPerSec: liveRows / (t.total / 1000),
    bytes: t.bytes,
    rssBefore,
    rssPeak,
  };
}
async function copyRun(): Promise<ExportRun> {
  const t = await request(`${F}/copy/export`, { timeoutMs: EXPORT_TIMEOUT_MS });
  return {
    seconds: t.total / 1000,
    rowsPerSec: liveRows / (t.total / 1000),
    bytes: t.bytes,
    rssBefore: 0,
    rssPeak: 0,
  };
}
const exportsMeasured: {
  csv: ExportRun[];
  xlsx: ExportRun[];
  copy: ExportRun[];
  busyP95: number;
  idleP95: number;
} = {
  csv: [],
  xlsx: [],
  copy: [],
  busyP95: NaN,
  idleP95: NaN,
};
if (EXPORTS) {
  const runs = EXPORT_RUNS;
  for (let i = 0; i < runs; i++) {
    exportsMeasured.copy.push(await copyRun());
    exportsMeasured.csv.push(await exportRun("csv"));
    exportsMeasured.xlsx.push(await exportRun("xlsx"));
  }
  // The list while two exports stream.
  const idle: number[] = [];
  // 300 idle samples: a p95 over 60 is their third slowest, and moved 6.4-25.1 ms between runs on one machine.
  for (let i = 0; i < 300; i++) idle.push((await api(scenarios.page1.q)()).total);
  const busy: number[] = [];
  let streaming = true;
  const two = Promise.all([exportRun("xlsx"), exportRun("csv")]).finally(() => (streaming = false));
  await new Promise((r) => setTimeout(r, 300));
  while (streaming && busy.length < 2000) busy.push((await api(scenarios.page1.q)()).total);
  await two;
  exportsMeasured.idleP95 = stats.p95(idle);
  exportsMeasured.busyP95 = stats.p95(busy);
}

// Bulk import: 5,000 rows (the cap) through /api: upload, then process.
async function bulkImport(): Promise<number> {
  const ExcelJS = (await import("exceljs")).default;
  const sampleFile = await request(`${P}/api/crud_users/sample`, { headers: bearer, keep: true });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(sampleFile.body! as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  const out = new ExcelJS.Workbook();
  const sheet = out.addWorksheet("Users");
  sheet.addRow(headers);
  const run = Date.now().toString(36);
  // Customers like the seed's (bench/people.ts): they stay in the company, at the top of its newest-first lists, and
  // a search must find among them what it finds among the others (5,000 rows matching no term would make every later
  // search of the run, and of the next runs on this data set, scan past them first).
  for (let i = 0; i < 5000; i++) {
    const p = person(i + 1, `import${run}.`);
    const v: Record<string, string> = {
      "First Name": p.first,
      "Middle Name": "",
      "Last Name": p.last,
      Email: p.email,
      Phone: p.phone,
      Position: "Bench Position 01",
      "Upline User": "",
    };
    sheet.addRow(headers.map((h) => v[h] ?? ""));
  }
  const file = Buffer.from(await out.xlsx.writeBuffer());
  const boundary = `----bench${run}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="users"; filename="users.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const s = performance.now();
  const up = await json<{ data: { count: number; invalid: number } }>(`${P}/api/crud_users/upload_user`, {
    method: "POST",
    headers: { ...bearer, "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
  });
  if (up.data.invalid) throw new Error(`bulk import: ${up.data.invalid} invalid rows`);
  const done = await json<{ data: { created: number } }>(`${P}/api/crud_users/process_user`, {
    headers: bearer,
  });
  const secs = (performance.now() - s) / 1000;
  if (done.data.created !== 5000) throw new Error(`bulk import created ${done.data.created}`);
  return secs;
}
const importSeconds = await bulkImport();

// ---------------------------------------------------------------------------------------------------------------
// Targets: ratios to a floor measured in the same run. /api rows: p50 ≤ 1.5× the bare Next floor running the same
// statements; pages: TTFB p50 ≤ 3× the node:http floor answering the same rows as a plain HTML table.
const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : "–");
const kB = (x: number) => `${(x / 1024).toFixed(0)} kB`;
const p50 = (s: Side) => stats.median(s.samples);
const p95 = (s: Side) => stats.p95(s.samples);
const spread = (s: Side) =>
  `${Math.min(...s.roundMedians).toFixed(1)}–${Math.max(...s.roundMedians).toFixed(1)}`;
const best = <T extends ExportRun>(xs: T[]) =>
  xs.reduce((a, b) => (b.rowsPerSec > a.rowsPerSec ? b : a), xs[0]);
const worstRss = (xs: ExportRun[]) => Math.max(...xs.map((x) => x.rssPeak - x.rssBefore));
const MB = 1024 * 1024;
const API_RATIO = 1.5;
const PAGE_RATIO = 3;
const floorName = nextFloorUrl ? "bare Next floor" : "node:http floor";
const median = (xs: number[]) => stats.median(xs);

/** `scenarios`: what to measure again when the row is missed (latency rows only). */
type Check = {
  scenario: string;
  measured: string;
  floor: string;
  target: string;
  ok: boolean | null;
  scenarios?: string[];
  group: "latency" | "writes" | "browser" | "weight" | "exports";
};
function apiRow(
  name: string,
  R: Record<string, Result>,
  label = apiScenarios[name].label,
  extra = "",
): Check {
  const r = R[name];
  return {
    scenario: label,
    measured: `p50 ${ms(p50(r.portal))} (rounds ${spread(r.portal)}), p95 ${ms(p95(r.portal))}${extra}`,
    floor: `${floorName} p50 ${ms(p50(r.floor))}, p95 ${ms(p95(r.floor))}`,
    target: `p50 ≤ ${API_RATIO}× floor (${ms(API_RATIO * p50(r.floor))})`,
    ok: p50(r.portal) <= API_RATIO * p50(r.floor),
    scenarios: [name],
    group: "latency",
  };
}
function checksOf(): Check[] {
  const R = results;
  const checks: Check[] = [];
  const page1 = apiRow(
    "page1",
    R,
    undefined,
    `, ${tput.portal.toFixed(0)} req/s` +
      (R.next_page1
        ? `; the bare Next floor itself p50 ${ms(p50(R.next_page1.portal))} against node:http's ${ms(p50(R.next_page1.floor))} in the same rounds`
        : ""),
  );
  page1.floor += `, ${tput.floor.toFixed(0)} req/s (node:http)`;
  page1.target += "; throughput ≥ 0.25× node:http's";
  page1.ok = !!page1.ok && tput.portal >= 0.25 * tput.floor;
  checks.push(page1);
  for (const name of Object.keys(apiScenarios))
    if (name !== "page1" && apiScenarios[name].kind !== "search") checks.push(apiRow(name, R));
  checks.push({
    ...apiRow("deep", R),
    target: `p50 ≤ ${API_RATIO}× floor; ≤ 1.5× page 1 (p50)`,
    ok:
      p50(R.deep.portal) <= API_RATIO * p50(R.deep.floor) && p50(R.deep.portal) <= 1.5 * p50(R.page1.portal),
    scenarios: ["deep", "page1"],
  });
  checks.splice(
    checks.findIndex((c) => c.scenario === apiScenarios.deep.label),
    1,
  );
  for (const [group, label, list] of [
    ["search", `users search, 3+ characters (${SEARCHES.join(", ")})`, "page1"],
    ["monthly_search", `monthly requests' keyword search (${MONTHLY_SEARCHES.join(", ")})`, "monthly_list"],
  ] as const) {
    const r = R[group];
    if (!r || !R[list]) continue;
    checks.push({
      scenario: label,
      measured: `p50 ${ms(p50(r.portal))}, p95 ${ms(p95(r.portal))}`,
      floor: `${floorName} p50 ${ms(p50(r.floor))}, p95 ${ms(p95(r.floor))}`,
      target: `p50 ≤ ${API_RATIO}× floor; p95 ≤ 20 ms and ≤ 3× the list's p95 (${ms(3 * p95(R[list].portal))})`,
      ok:
        p50(r.portal) <= API_RATIO * p50(r.floor) &&
        p95(r.portal) <= 20 &&
        p95(r.portal) <= 3 * p95(R[list].portal),
      scenarios: [group, list],
      group: "latency",
    });
  }
  for (const [name, p] of Object.entries(PAGE_SCENARIOS)) {
    const r = R[name];
    const floors = R[`${name}_floors`];
    if (!floors) {
      checks.push({
        scenario: p.label,
        measured: `p50 ${ms(p50(r.portal))} (rounds ${spread(r.portal)}), p95 ${ms(p95(r.portal))}`,
        floor: `node:http floor p50 ${ms(p50(r.floor))} (the same statements, a plain HTML table)`,
        target: `TTFB p50 ≤ ${PAGE_RATIO}× floor (${ms(PAGE_RATIO * p50(r.floor))})`,
        ok: p50(r.portal) <= PAGE_RATIO * p50(r.floor),
        scenarios: [name],
        group: "latency",
      });
      continue;
    }
    // Judged as issue 23 states it: TTFB p50 ≤ 3× node:http answering the same rows as a plain HTML table. The bare
    // Next page (a server component rendering the same statements, nothing else) is reported beside it: what Next
    // alone takes of that budget.
    const http = p50(floors.floor);
    checks.push({
      scenario: p.label,
      measured:
        `p50 ${ms(p50(r.portal))} (rounds ${spread(r.portal)}), p95 ${ms(p95(r.portal))}; ` +
        `${(p50(r.portal) / http).toFixed(1)}× node:http, ${(p50(r.portal) / p50(r.floor)).toFixed(1)}× the bare Next page`,
      floor:
        `node:http floor p50 ${ms(http)} (the same statements, a plain HTML table); bare Next page floor p50 ` +
        `${ms(p50(r.floor))} in the same rounds (a server component rendering the same statements as a table; Next ` +
        `alone ${(p50(floors.portal) / http).toFixed(1)}× node:http)`,
      target: `TTFB p50 ≤ ${PAGE_RATIO}× node:http (${ms(PAGE_RATIO * http)}); the bare Next page's ratio reported`,
      ok: p50(r.portal) <= PAGE_RATIO * http,
      scenarios: [name, `${name}_floors`],
      group: "latency",
    });
  }
  checks.push({
    scenario: "audited update (POST /api/users)",
    measured: `p50 ${ms(p50(R.update.portal))}, p95 ${ms(p95(R.update.portal))}; its statements with the audit record p50 ${ms(p50(R.update_sql.portal))}`,
    floor: `the same statements without the audit record p50 ${ms(p50(R.update_sql.floor))}; node:http running them p50 ${ms(p50(R.update.floor))}`,
    target: "audited ≤ 1.3× unaudited; p95 ≤ 60 ms",
    ok: p50(R.update_sql.portal) <= 1.3 * p50(R.update_sql.floor) && p95(R.update.portal) <= 60,
    scenarios: ["update"],
    group: "latency",
  });
  for (const why of Object.values(failed))
    checks.push({
      scenario: why,
      measured: "not measured: it failed",
      floor: "",
      target: "",
      ok: false,
      group: "latency",
    });
  // After the writes and ANALYZE: the same reads again.
  for (const name of AFTER)
    if (resultsAfter[name])
      checks.push({
        ...apiRow(name, resultsAfter, `${apiScenarios[name].label}, after the writes and ANALYZE`),
        scenarios: undefined,
      });
  // The writes: time and statements (captured in-process, one of each).
  if (WRITES) {
    const w = (
      label: string,
      xs: number[],
      statements: number | undefined,
      limit: number | null,
      note = "",
    ): Check => ({
      scenario: label,
      measured: xs.length
        ? `p50 ${ms(median(xs))}, max ${ms(Math.max(...xs))} over ${xs.length}${statements != null ? `; ${statements} statements` : ""}`
        : "not run (no pending item in the data set)",
      floor: note,
      target: limit != null ? `p50 ≤ ${limit} ms` : "reported (issue 23 asks for its statements and time)",
      ok: !xs.length ? false : limit != null ? median(xs) <= limit : null,
      group: "writes",
    });
    if (writeErrors.length)
      checks.push({
        scenario: `writes refused (${writeErrors.length})`,
        measured: writeErrors.slice(0, 3).join("; ").replace(/\|/g, "/"),
        floor: "",
        target: "none",
        ok: false,
        group: "writes",
      });
    checks.push(
      w(
        "approving a month of walks (POST /api/user_monthly_job_requests/approve/:id, the franchisee admin)",
        writes.approveMonth,
        writeStatements.approve_month,
        null,
        "its walks generated in the same transaction",
      ),
      w(
        "listing replacement staff for the busiest walkers' leave (GET available-staff), before each approval",
        writes.listStaff,
        undefined,
        100,
      ),
      w(
        "approving a leave with replacement (POST /api/leave_requests/:id/approve-with-replacement)",
        writes.approveLeave,
        writeStatements.approve_leave,
        100,
        `the busiest walkers' pending leave (${busyLeaves
          .slice(1)
          .map((l) => l.walks)
          .reduce((a, b) => Math.max(a, b), 0)} walks that day at most)`,
      ),
      w(
        "the KYC expiry sweep over the company (POST /api/kyc_documents/expiry_sweep)",
        writes.kyc,
        writeStatements.kyc_sweep,
        300,
        "state put back before each run",
      ),
    );
  }
  // A row whose request timed out is failed, whatever its other samples say.
  for (const c of checks) {
    const why = c.scenarios?.map((n) => rowErrors[n]).find(Boolean);
    if (why) Object.assign(c, { measured: `**failed**: ${why}`, ok: false });
  }
  return checks;
}
function otherChecks(): Check[] {
  const checks: Check[] = [];
  if (EXPORTS) {
    const copy = best(exportsMeasured.copy);
    const csv = best(exportsMeasured.csv);
    const xlsx = best(exportsMeasured.xlsx);
    checks.push(
      {
        scenario: `CSV export, ${liveRows.toLocaleString("en")} rows`,
        measured: `${csv.seconds.toFixed(1)} s, ${Math.round(csv.rowsPerSec).toLocaleString("en")} rows/s, RSS +${(worstRss(exportsMeasured.csv) / MB).toFixed(0)} MB`,
        floor: `COPY ${Math.round(copy.rowsPerSec).toLocaleString("en")} rows/s`,
        target: "≥ 0.10× COPY rows/s; RSS growth ≤ 100 MB",
        ok: csv.rowsPerSec >= 0.1 * copy.rowsPerSec && worstRss(exportsMeasured.csv) <= 100 * MB,
        group: "exports",
      },
      {
        scenario: `XLSX export, ${liveRows.toLocaleString("en")} rows`,
        measured: `${xlsx.seconds.toFixed(1)} s, ${Math.round(xlsx.rowsPerSec).toLocaleString("en")} rows/s, RSS +${(worstRss(exportsMeasured.xlsx) / MB).toFixed(0)} MB`,
        floor: `COPY ${Math.round(copy.rowsPerSec).toLocaleString("en")} rows/s`,
        target: "≥ 0.08× COPY rows/s; ≤ 20 s; RSS growth ≤ 150 MB",
        ok:
          xlsx.rowsPerSec >= 0.08 * copy.rowsPerSec &&
          xlsx.seconds <= 20 &&
          worstRss(exportsMeasured.xlsx) <= 150 * MB,
        group: "exports",
      },
      {
        scenario: "list p95 while 2 exports run",
        measured: `p95 ${ms(exportsMeasured.busyP95)}`,
        floor: `idle p95 ${ms(exportsMeasured.idleP95)}`,
        target: "≤ 2× idle p95",
        ok: exportsMeasured.busyP95 <= 2 * exportsMeasured.idleP95,
        group: "exports",
      },
    );
  }
  checks.push({
    scenario: "bulk user import, 5,000 rows (upload + process)",
    measured: `${importSeconds.toFixed(1)} s`,
    floor: "",
    target: "≤ 10 s end to end",
    ok: importSeconds <= 10,
    group: "exports",
  });
  // Chromium, per page.
  for (const r of pageRows) {
    if (r.error) {
      checks.push({
        scenario: `${r.label} (${r.path}) in Chromium`,
        measured: `failed: ${r.error}`,
        floor: "",
        target: "TBT ≤ 200 ms; HTML ≤ 300 kB; ≤ 50 options",
        ok: false,
        group: "browser",
      });
      continue;
    }
    const lighthouse = ["/users", "/walk-calendar"].includes(r.path);
    checks.push({
      scenario: `${r.label} (${r.path}) in Chromium`,
      measured:
        (r.status >= 400 || r.status === 0 ? `status ${r.status}; ` : "") +
        `TBT ${ms(r.tbt)} (longest task ${ms(r.longest)}), HTML ${kB(r.htmlBytes)}, ${r.maxOptions} options at most` +
        `${r.optionsWhere ? ` (${r.optionsWhere.trim()})` : ""}; FCP ${ms(r.fcp)}, LCP ${ms(r.lcp)}, CLS ${r.cls.toFixed(3)}, score ${r.score}`,
      floor: "",
      target: `TBT ≤ 200 ms; HTML ≤ 300 kB; ≤ 50 options${lighthouse ? "; score ≥ 90" : ""}`,
      ok:
        r.status < 400 &&
        r.tbt <= 200 &&
        r.htmlBytes <= 300 * 1024 &&
        r.maxOptions <= 50 &&
        (!lighthouse || r.score >= 90),
      group: "browser",
    });
  }
  if (weights.length) {
    const judged = weights.filter((w) => !WEIGHT_EXEMPT.includes(w.route));
    const over = judged.filter((w) => w.gzip > 300 * 1024);
    const sorted = judged.map((w) => w.gzip).sort((a, b) => a - b);
    const exempt = weights.filter((w) => WEIGHT_EXEMPT.includes(w.route));
    checks.push({
      scenario: `first-load JavaScript per route, gzipped (${judged.length} routes of the build)`,
      measured:
        `median ${kB(sorted[Math.floor(sorted.length / 2)])}, heaviest ${kB(judged[0].gzip)} (${judged[0].route}); ` +
        (over.length
          ? `${over.length} routes above 300 kB: ${over
              .slice(0, 6)
              .map((w) => `${w.route} ${kB(w.gzip)}`)
              .join(", ")}${over.length > 6 ? ", …" : ""}`
          : "none above 300 kB") +
        (exempt.length ? `; exempt: ${exempt.map((w) => `${w.route} ${kB(w.gzip)}`).join(", ")}` : ""),
      floor: "",
      target: "no route above 300 kB (/api-reference exempt)",
      ok: over.length === 0,
      group: "weight",
    });
  }
  return checks;
}

let checks = checksOf();
// A latency row missed is measured again (its scenarios, the same rounds) before it counts.
const again = new Set(
  checks
    .filter((c) => c.ok === false && c.scenarios)
    .flatMap((c) => c.scenarios!)
    .filter((n) => !rowErrors[n]),
);
if (again.size && !CI) {
  log(`measuring again: ${[...again].join(", ")}`);
  for (const name of again) delete results[name];
  for (let round = 0; round < Math.min(ROUNDS, 3); round++) await readRound(round, again);
  checks = checksOf();
}
checks.push(...otherChecks());

const lines = [
  `| scenario | portal | floor | target | met |`,
  `|---|---|---|---|---|`,
  ...checks.map(
    (c) =>
      `| ${c.scenario} | ${c.measured} | ${c.floor} | ${c.target} | ${c.ok == null ? "–" : c.ok ? "yes" : "**no**"} |`,
  ),
];
console.log(`\n${lines.join("\n")}\n`);
const shapeOk = shapes.every((s) => s.ok || !s.enforced);

if (OUT) {
  // BENCH_COMMIT names the code of a run from a copy of a commit (git archive: no repository to ask).
  const commit =
    process.env.BENCH_COMMIT ||
    spawnSync("git", ["rev-parse", "--short", "HEAD"]).stdout?.toString().trim() ||
    "unknown (set BENCH_COMMIT)";
  const doc = `# Benchmarks

The portal measured against floors on the same machine, in the same run (\`npm run bench\`; the data set from
\`npm run bench:seed\`). Read bench/run.ts for how; the README's "Speed" section says what the kernel does for it.

- **Run**: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, commit ${commit}, ${os.cpus().length} cores
  (${os.cpus()[0]?.model ?? "?"}), ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB, Node ${process.version}, PostgreSQL on the same machine
  (load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end, the run's own included: above 1 at the start, other work shared the machine; absolute
  times vary with it, the ratios are what is judged).
- **Data set**: ${USERS.toLocaleString("en")} users in the biggest company (Happy Paws Pvt Ltd, ${liveRows.toLocaleString("en")} of them live
  customers), about 30% of all users, the rest over ${m!.companies ?? "200"} companies with a long tail; 5% soft-deleted;
  20k franchisees and outlets in the biggest company, job operations at scale (monthly requests, their daily plans and
  walks, walk requests, leave, audit records: README "Benchmarks").
- **Floors**: bench/next-floor, a bare Next app (same Next, production mode) whose one route handler runs the very
  statements the portal sent for the scenario (captured through drizzle's logger; first the caller's statement every
  /api call sends, the bearer token, its rate-limit hit and the user) through postgres.js, with no portal code: the
  floor of every /api row (**target: p50 ≤ ${API_RATIO}× it**); its page, a server
  component rendering the same statements as a plain table with an empty layout, is reported beside every page.
  bench/floor.mjs, a bare node:http server running the same statements and answering the rows as a plain HTML
  table, is the floor of every page (issue 23: **TTFB p50 ≤ ${PAGE_RATIO}× it**), measured in the same rounds. The
  exports' floor is \`COPY ... TO STDOUT\`.
- **Method**: a warm-up (${WARM} requests per scenario and side), then ${ROUNDS} rounds; in each, ${REQUESTS} sequential requests per scenario
  and side (fewer for the slow ones, searches pooled over their terms), portal and floor interleaved and alternating
  who goes first. p50/p95 over all samples; "rounds" is the spread of the rounds' medians. A row missed is measured
  again (up to 3 rounds) before it counts; a scenario slower than ${SLOW_MS} ms in the warm-up gets ${SLOW_N} requests a round. Throughput: 8 keep-alive clients for 3 s. Exports: the best of ${EXPORT_RUNS} run(s), RSS of the portal's
  process sampled every 50 ms. Writes through /api on items of the data set (pending requests of one franchisee, the
  busiest walkers' pending leave), then \`ANALYZE\` and the reads they touch measured again.
- **Chromium** (bench/browser.ts, playwright-core driving /usr/bin/chromium, 1366×900, signed in as the company's
  admin): each page loaded once to warm, then three times (medians); a page blocking for over 2 s on its first load is reported from that load, its pickers not opened. Total blocking time: the long tasks' time over 50 ms
  each, from first contentful paint until the page is quiet for a second; HTML: the document's bytes; options: the
  most any select, listbox or datalist holds, counted as loaded and with each picker opened. "score" is Lighthouse's
  desktop performance formula over what is measured here (FCP, LCP, TBT, CLS, with its log-normal curves and weights;
  Speed Index needs a filmstrip and is left out, its weight spread over the others), unthrottled: Lighthouse itself is
  not installed.
- **Page weight** (bench/weight.ts): first-load JavaScript per route from the build's own record
  (\`diagnostics/route-bundle-stats.json\`), each chunk gzipped.
- **Query shapes** (what CI checks on a small data set, in EXPLAIN ANALYZE): a list's page, deep page and bounded
  count read at most ${shapeLimit.toLocaleString("en")} rows in any scan; a search for a term nobody typed, the cards, the calendars, the apps' walks
  and the replacement staff read no more than ${100 * SHARE}% of any table (beyond ${SHARE_MIN.toLocaleString("en")} rows) nor more than ${shapeLimit.toLocaleString("en")} rows in a scan. A list page is ${statementsPerList} statement(s);
  daily job plans ${statementsOf("jobs_daily_plans")}.

${lines.join("\n")}

<details><summary>Query shapes in this run (${shapes.filter((s) => s.ok).length} of ${shapes.length} within their bound)</summary>

| statement | rows read in its largest scan | share of that table | bound | ok |
|---|---:|---:|---|---|
${shapes.map((s) => `| ${s.name} | ${Number.isNaN(s.rows) ? "–" : s.rows.toLocaleString("en")}${s.table ? ` (${s.table})` : ""} | ${Number.isNaN(s.share) ? "–" : `${(100 * s.share).toFixed(1)}%`} | ${s.rule === "list" ? `≤ ${shapeLimit.toLocaleString("en")} rows` : `≤ ${100 * SHARE}% beyond ${SHARE_MIN.toLocaleString("en")} rows, ≤ ${shapeLimit.toLocaleString("en")}`} | ${s.ok ? "yes" : s.enforced ? "**no**" : "no (reported only)"} |`).join("\n")}

</details>
`;
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, doc);
  log(`wrote ${OUT}`);
}

await raw.end();
floor.kill("SIGTERM");
if (!shapeOk) {
  console.error(
    `[bench] query shapes that read rows in proportion to the table: ${shapes
      .filter((s) => !s.ok && s.enforced)
      .map((s) => s.name)
      .join("; ")}`,
  );
  process.exit(1);
}
const missed = checks.filter((c) => c.ok === false).map((c) => c.scenario);
if (missed.length) console.error(`[bench] targets missed: ${missed.join("; ")}`);
const timedOut = Object.entries(rowErrors);
if (timedOut.length)
  console.error(`[bench] rows failed: ${timedOut.map(([n, why]) => `${n} (${why})`).join("; ")}`);
process.exit(timedOut.length || (!CI && missed.length) ? 1 : 0);
