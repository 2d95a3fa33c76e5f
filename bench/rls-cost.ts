// `node --conditions=react-server --import tsx bench/rls-cost.ts [-- --n 300]`: what row-level security costs on
// list page 1 (GET /api/users, GET /api/user_monthly_job_requests as the demo admin) and on the audited update
// (POST /api/users with an id), on the benchmark's database (BENCH_DATABASE_URL, else the CI one, bench_ci): each
// call as an /api request runs it (one request scope: the caller, then the work), without HTTP. Run it on this tree
// and on a tree without RLS against the same database (a tree before it connects as the owning superuser, which RLS
// does not apply to), alternately, and compare.
import { arg } from "./common";

process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/bench_ci";
process.env.RATE_LIMIT_SCALE = "100000";
process.env.RLS_LOG = "off";
process.env.SEED_DEMO = "false";
process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0";

const { resolveContext } = await import("@/lib/platform/context");
const { listUsers, saveUser, getUser } = await import("@/lib/admin/users/users");
const { monthlyRequestsCrud } = await import("@/lib/jobs/monthly-requests");
const { getDb, closeDb } = await import("@/lib/platform/db");
const { sql } = await import("drizzle-orm");
// A tree without RLS has no request scope: the call runs as it is.
const rls = await import("@/lib/platform/" + "rls").catch(() => null);
const inRequest: <T>(fn: () => Promise<T>) => Promise<T> = rls ? rls.inRequest : (fn) => fn();
const asPlatform: <T>(why: string, fn: () => Promise<T>) => Promise<T> = rls
  ? rls.asPlatform
  : (_why, fn) => fn();

const N = arg("n", 300);
// The benchmark's search terms (bench/run.ts).
const SEARCHES = ["sha", "priya", "reddy", "9820", "kav", "gmail", "iyengar", "ansari"];
const db = await getDb();
const rows = (r: unknown) => (Array.isArray(r) ? r : ((r as { rows: unknown[] }).rows ?? []));
const [me] = rows(
  await asPlatform("bench", async () =>
    db.execute(sql`select id, company_id from users where email = 'admin@happypaws.test'`),
  ),
) as { id: number; company_id: number }[];
const [target] = rows(
  await asPlatform("bench", async () =>
    db.execute(sql`select id from users where company_id = ${me.company_id} and role_id = 4
      and deleted_at is null and position_id is not null order by id limit 1`),
  ),
) as { id: number }[];

const caller = () =>
  resolveContext({ userId: me.id, via: "token", binding: "t:bench", requestedCompanyId: me.company_id });
const before = (await inRequest(async () => getUser(await caller(), target.id))) as Record<string, unknown>;
let i = 0;
// What an /api call does: the caller (one statement), then the work.
const calls: Record<string, () => Promise<unknown>> = {
  "GET /api/users page 1": () => inRequest(async () => listUsers(await caller(), { role_id: "4" })),
  "GET /api/user_monthly_job_requests page 1": () =>
    inRequest(async () => monthlyRequestsCrud.list(await caller(), {})),
  "GET /api/users search (8 terms in turn)": () =>
    inRequest(async () =>
      listUsers(await caller(), { role_id: "4", search_keyword: SEARCHES[i++ % SEARCHES.length] }),
    ),
  "POST /api/users (audited update)": () =>
    inRequest(async () =>
      saveUser(await caller(), {
        id: target.id,
        first_name: before.first_name,
        last_name: `Cost${i++ % 1000}`,
        email: before.email,
        phone: before.phone ?? "+91 9800000000",
        position_id: before.position_id,
      }),
    ),
};

for (const [name, call] of Object.entries(calls)) {
  for (let k = 0; k < 30; k++) await call();
  const times: number[] = [];
  for (let k = 0; k < N; k++) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
  const mean = (times.reduce((a, b) => a + b, 0) / times.length).toFixed(2);
  console.log(`${name}: median ${q(0.5)} ms, p90 ${q(0.9)} ms, mean ${mean} ms (${N} calls)`);
}
await closeDb();
