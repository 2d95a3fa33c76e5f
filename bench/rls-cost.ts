// `node --conditions=react-server --import tsx bench/rls-cost.ts [-- --n 300]`: what row-level security costs on
// list page 1 (GET /api/users, GET /api/user_monthly_job_requests as the demo admin), on the benchmark's database
// (BENCH_DATABASE_URL, `npm run bench:seed`). Run it on this tree and on a tree without RLS against the same
// database (a tree before it connects as the owning superuser, which RLS does not apply to) and compare.
import { arg, benchDatabaseUrl } from "./common";

process.env.DATABASE_URL = benchDatabaseUrl();
process.env.RATE_LIMIT_SCALE = "100000";
process.env.RLS_LOG = "off";
process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret-0";

const { resolveContext } = await import("@/lib/platform/context");
const { listUsers } = await import("@/lib/admin/users/users");
const { monthlyRequestsCrud } = await import("@/lib/jobs/monthly-requests");
const { getDb, closeDb } = await import("@/lib/platform/db");
const { sql } = await import("drizzle-orm");

const N = arg("n", 300);
const db = await getDb();
const rows = (r: unknown) => (Array.isArray(r) ? r : ((r as { rows: unknown[] }).rows ?? []));
const [me] = rows(
  await db.execute(sql`select id, company_id from users where email = 'admin@happypaws.test'`),
) as { id: number; company_id: number }[];

// What an /api list call does: the caller (one statement), then the list's page 1 (its rows and its count).
const lists: Record<string, (ctx: Awaited<ReturnType<typeof resolveContext>>) => Promise<unknown>> = {
  users: (ctx) => listUsers(ctx, {}),
  user_monthly_job_requests: (ctx) => monthlyRequestsCrud.list(ctx, {}),
};
async function call(path: string) {
  const ctx = await resolveContext({
    userId: me.id,
    via: "token",
    binding: "t:bench",
    requestedCompanyId: me.company_id,
  });
  return (await lists[path](ctx)) as { data: unknown[]; count: number };
}

for (const path of ["users", "user_monthly_job_requests"]) {
  const first = await call(path);
  for (let i = 0; i < 30; i++) await call(path);
  const times: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await call(path);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(2);
  const mean = (times.reduce((a, b) => a + b, 0) / times.length).toFixed(2);
  console.log(
    `GET /api/${path} page 1 (${first.data.length} rows of ${first.count}): median ${q(0.5)} ms, p90 ${q(0.9)} ms, mean ${mean} ms (${N} calls)`,
  );
}
await closeDb();
