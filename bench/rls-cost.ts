// `node --conditions=react-server --import tsx bench/rls-cost.ts [--n 300] [--tree]`: what row-level security costs
// on list page 1 (GET /api/users, GET /api/user_monthly_job_requests as the demo admin), the audited update
// (POST /api/users with an id) and search, on the benchmark's database (BENCH_DATABASE_URL, else the CI one,
// bench_ci), each call as an /api request runs it (a request scope: the caller, then the work), without HTTP.
//
// By default, in one process and interleaved call by call (the machine's drift falls on both sides alike): "with"
// is the server as it runs (portal_app, the policies, the settings sent with each statement, the request scope);
// "without" is the same code over a plain postgres.js pool signed in as DATABASE_URL's role (the owning superuser,
// which row-level security does not apply to), with no settings and no request scope. Search is not compared this
// way (its security-definer route answers nothing without the settings): run `--tree` on this tree and on one
// without RLS, alternately, against the same database, and compare.
import { arg, flag } from "./common";

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
const TREE = flag("tree") || !rls;
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
  "GET /api/users page 1": async () => listUsers(await caller(), { role_id: "4" }),
  "GET /api/user_monthly_job_requests page 1": async () => monthlyRequestsCrud.list(await caller(), {}),
  ...(TREE
    ? {
        "GET /api/users search (8 terms in turn)": async () =>
          listUsers(await caller(), { role_id: "4", search_keyword: SEARCHES[i++ % SEARCHES.length] }),
      }
    : {}),
  "POST /api/users (audited update)": async () =>
    saveUser(await caller(), {
      id: target.id,
      first_name: before.first_name,
      last_name: `Cost${i++ % 1000}`,
      email: before.email,
      phone: before.phone ?? "+91 9800000000",
      position_id: before.position_id,
    }),
};

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];
const f = (x: number) => x.toFixed(2);

if (TREE) {
  for (const [name, call] of Object.entries(calls)) {
    for (let k = 0; k < 30; k++) await inRequest(call);
    const times: number[] = [];
    for (let k = 0; k < N; k++) {
      const t = performance.now();
      await inRequest(call);
      times.push(performance.now() - t);
    }
    console.log(`${name}: median ${f(median(times))} ms, p90 ${f(p90(times))} ms (${N} calls)`);
  }
} else {
  // The same process's database, swapped call by call: the server's (with) and a plain pool as the owner (without).
  type Holder = { db: Promise<unknown>; close: () => Promise<void> };
  const g = globalThis as unknown as { __portalDb?: Holder };
  const withRls = g.__portalDb!;
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const schema = await import("@/db/schema");
  const plain = postgres(process.env.DATABASE_URL, {
    max: Number(process.env.DB_POOL_MAX ?? 10),
    onnotice: () => {},
  });
  const without: Holder = { db: Promise.resolve(drizzle(plain, { schema })), close: () => plain.end() };
  const sides = {
    with: () => {
      g.__portalDb = withRls;
    },
    without: () => {
      g.__portalDb = without;
    },
  };
  const run = async (side: "with" | "without", call: () => Promise<unknown>) => {
    sides[side]();
    const t = performance.now();
    await (side === "with" ? inRequest(call) : call());
    return performance.now() - t;
  };
  for (const [name, call] of Object.entries(calls)) {
    const times = { with: [] as number[], without: [] as number[] };
    for (let k = 0; k < 30; k++) {
      await run("with", call);
      await run("without", call);
    }
    for (let k = 0; k < N; k++) {
      // Alternating which goes first.
      const order: ("with" | "without")[] = k % 2 ? ["with", "without"] : ["without", "with"];
      for (const side of order) times[side].push(await run(side, call));
    }
    const w = median(times.with);
    const wo = median(times.without);
    console.log(
      `${name}: without median ${f(wo)} ms (p90 ${f(p90(times.without))}), with median ${f(w)} ms (p90 ${f(p90(times.with))}): ${w >= wo ? "+" : ""}${f(((w - wo) / wo) * 100)} % (${N} calls each, interleaved)`,
    );
  }
  sides.with();
  await plain.end();
}
await closeDb();
