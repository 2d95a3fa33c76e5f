// `npm run bench`: list and export speed and memory on a large company, measured on the embedded PGlite
// (or on PostgreSQL with BENCH_DATABASE_URL). Usage: npm run bench [-- --users 100000]
import { performance } from "node:perf_hooks";
import { Writable } from "node:stream";

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const USERS = arg("users", 100_000);
const RUNS = arg("runs", 15);

process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret";
process.env.DATABASE_URL = process.env.BENCH_DATABASE_URL ?? "memory://";
process.env.SEED_DEMO = "true";

const { sql, eq } = await import("drizzle-orm");
const { bootstrap } = await import("@/db/seed");
const { companies, positions, users } = await import("@/db/schema");
const { getDb, closeDb } = await import("@/lib/platform/db");
const { resolveContext } = await import("@/lib/platform/context");
const { listUsers, usersForExport, userExportColumns } = await import("@/lib/admin/users/users");
const { writeXlsx } = await import("@/lib/platform/spreadsheet");

const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function time(label: string, fn: () => Promise<unknown>) {
  await fn(); // warm-up
  const t: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    await fn();
    t.push(performance.now() - s);
  }
  console.log(
    `${label.padEnd(48)} median ${median(t).toFixed(1).padStart(7)} ms   max ${Math.max(...t)
      .toFixed(1)
      .padStart(7)} ms`,
  );
}

const started = performance.now();
await bootstrap({ demo: true });
const db = await getDb();
const [happy] = await db.select().from(companies).where(eq(companies.name, "Happy Paws Pvt Ltd"));
const [pos] = await db.select().from(positions).where(eq(positions.company_id, happy.id)).limit(1);
await db.execute(sql`
  insert into ${users} (company_id, role_id, position_id, first_name, last_name, user_name, email, phone, is_active, is_kyc_verified, password_hash)
  select ${happy.id}, 4, ${pos.id}, 'Bench' || g, (array['Sharma','Patel','Iyer','Reddy','Nair'])[1 + g % 5],
         'Bench ' || g, 'bench' || g || '@bench.test', '+91 9' || lpad(g::text, 9, '0'), (g % 7 <> 0)::int, g % 3, '!unset'
  from generate_series(1, ${USERS}) g`);
await db.execute(sql`analyze`);
console.log(
  `set-up: ${USERS} users in one company in ${((performance.now() - started) / 1000).toFixed(1)} s (${process.env.BENCH_DATABASE_URL ? "PostgreSQL" : "PGlite"})\n`,
);

const [admin] = await db.select().from(users).where(eq(users.email, "admin@happypaws.test"));
const ctx = await resolveContext({ userId: admin.id, via: "token", requestedCompanyId: happy.id });

await time("users list, page 1 of 10", () => listUsers(ctx, { role_id: "4" }));
await time("users list, page 1 of 100", () => listUsers(ctx, { role_id: "4", rowsPerPage: "100" }));
await time("users list, page 500 of 10", () => listUsers(ctx, { role_id: "4", page: "500" }));
await time("users list, search 'bench4242'", () =>
  listUsers(ctx, { role_id: "4", search_keyword: "bench4242" }),
);
await time("users list, status + KYC + position filters", () =>
  listUsers(ctx, { role_id: "4", is_active: "1", is_kyc_verified: "2", position_id: String(pos.id) }),
);

// Export: every user streamed to an XLSX; memory should stay flat whatever the row count.
global.gc?.();
const rssBefore = process.memoryUsage().rss;
let peak = rssBefore;
let bytes = 0;
const sink = new Writable({
  write(chunk: Buffer, _enc, cb) {
    bytes += chunk.length;
    peak = Math.max(peak, process.memoryUsage().rss);
    cb();
  },
});
const s = performance.now();
let rows = 0;
async function* counted() {
  for await (const r of usersForExport(ctx, new URLSearchParams({ role_id: "4" }))) {
    rows++;
    yield r;
  }
}
await writeXlsx(sink, "Users", userExportColumns, counted());
const secs = (performance.now() - s) / 1000;
console.log(
  `\nexport: ${rows} rows, ${mb(bytes)} of XLSX in ${secs.toFixed(1)} s (${Math.round(rows / secs)} rows/s); RSS ${mb(rssBefore)} → peak ${mb(peak)}`,
);
await closeDb();
