// Export speed and memory, in-process, on PostgreSQL:
//   node --conditions=react-server --expose-gc --import tsx bench/export-bench.ts [--users 1000000] [--rounds 1]
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/exportbench) is migrated and seeded with the
// app's own bootstrap, then topped up to N users in Happy Paws (INSERT ... SELECT generate_series). For CSV and XLSX
// it measures rows/s, seconds and RSS (before and peak, sampled every 50 ms) of the users export streamed exactly
// as /api/download streams it (streamExport's body read by a client that drains as fast as it can), the floor
// (`COPY (the same columns) TO STDOUT` read the same way) in the same run, and the list's p95 on the main thread
// idle and while two exports (XLSX and CSV) run in the same process.
import { performance } from "node:perf_hooks";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import postgres from "postgres";
import type { Ctx } from "@/lib/platform/context";
import type { ExportFormat } from "@/lib/platform/exports";
import { arg } from "./common";

const MB = 1024 * 1024;

export type ExportRun = {
  rows: number;
  bytes: number;
  seconds: number;
  rowsPerSec: number;
  rssBefore: number;
  rssPeak: number;
};
export type ExportsMeasured = {
  copy: ExportRun;
  csv: ExportRun;
  xlsx: ExportRun;
  idleP95: number;
  busyP95: number;
  /** List calls timed while the two exports ran. */
  busyCalls: number;
};

function p95(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] ?? NaN;
}

/** Runs `fn` while sampling RSS every 50 ms (after a GC when --expose-gc is on). */
async function sampled(fn: () => Promise<{ rows: number; bytes: number }>): Promise<ExportRun> {
  (globalThis as { gc?: () => void }).gc?.();
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const timer = setInterval(() => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  try {
    const { rows, bytes } = await fn();
    const seconds = (performance.now() - t0) / 1000;
    rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    return { rows, bytes, seconds, rowsPerSec: rows / seconds, rssBefore, rssPeak };
  } finally {
    clearInterval(timer);
  }
}

/** A client that reads as fast as it can, counting bytes (and lines, for CSV and COPY). */
async function drain(body: ReadableStream<Uint8Array>, countLines: boolean) {
  let bytes = 0;
  let lines = 0;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (countLines) for (let i = value.indexOf(10); i >= 0; i = value.indexOf(10, i + 1)) lines++;
  }
  return { bytes, lines };
}

/**
 * The export measurements on the database the app is connected to (DATABASE_URL): `ctx` exports the users of
 * its company under `params` (the list's filters); `expectedRows` is how many rows that is (the XLSX's rows are
 * not counted from its compressed bytes).
 */
export async function measureExports(o: {
  url: string;
  ctx: Ctx;
  params: Record<string, string>;
  expectedRows: number;
  listCalls?: number;
  /** Called as each of COPY, CSV and XLSX finishes (progress). */
  onRun?: (name: string, run: ExportRun) => void;
}): Promise<ExportsMeasured> {
  const { userExport, listUsers } = await import("@/lib/admin/users/users");
  const { streamExport } = await import("@/lib/platform/exports");
  const company = o.ctx.companyId!;

  const exportOnce = (format: ExportFormat) =>
    sampled(async () => {
      const res = await streamExport(o.ctx, userExport, new URLSearchParams(o.params), format);
      const { bytes, lines } = await drain(res.body!, format === "csv");
      return { rows: format === "csv" ? lines - 1 : o.expectedRows, bytes };
    });

  // The floor: the same columns straight out of PostgreSQL.
  const raw = postgres(o.url, { max: 1, onnotice: () => {} });
  const copy = await sampled(async () => {
    let bytes = 0;
    let rows = 0;
    // COPY takes no bind parameters: the company id (a number) goes into the text.
    const src = await raw
      .unsafe(
        `copy (
        select u.id, u.is_active, u.first_name, u.middle_name, u.last_name, u.email, u.phone, u.employee_code,
               p.name, f.name, u.is_kyc_verified, u.created_at
        from users u left join positions p on p.id = u.position_id left join franchisees f on f.id = u.franchisee_id
        where u.company_id = ${Number(company)} and u.role_id = 4 and u.deleted_at is null
        order by u.id desc
      ) to stdout`,
      )
      .readable();
    await pipeline(
      src,
      new Writable({
        write(chunk: Buffer, _e, cb) {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) rows++;
          cb();
        },
      }),
    );
    return { rows, bytes };
  });
  await raw.end();

  o.onRun?.("COPY", copy);
  const csv = await exportOnce("csv");
  o.onRun?.("CSV", csv);
  const xlsx = await exportOnce("xlsx");
  o.onRun?.("XLSX", xlsx);

  // The list's p95 on this thread: idle, then while an XLSX and a CSV export stream.
  const calls = o.listCalls ?? 60;
  const listParams = { ...o.params, rowsPerPage: "25" };
  const timeList = async () => {
    const t = performance.now();
    await listUsers(o.ctx, { ...listParams });
    return performance.now() - t;
  };
  for (let i = 0; i < 5; i++) await timeList();
  const idle: number[] = [];
  for (let i = 0; i < calls; i++) idle.push(await timeList());
  let streaming = true;
  const two = Promise.all([exportOnce("xlsx"), exportOnce("csv")]).finally(() => (streaming = false));
  const busy: number[] = [];
  await new Promise((r) => setTimeout(r, 500)); // both past their first batch
  while (streaming) busy.push(await timeList());
  await two;
  return { copy, csv, xlsx, idleP95: p95(idle), busyP95: p95(busy), busyCalls: busy.length };
}

/** The export benchmark's database: migrated, seeded, and holding `users` customers in Happy Paws. */
async function prepare(url: string, users: number) {
  const admin = new URL(url);
  const dbName = admin.pathname.slice(1);
  admin.pathname = "/postgres";
  const a = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  const [exists] = await a`select 1 from pg_database where datname = ${dbName}`;
  if (!exists) await a.unsafe(`create database "${dbName}"`);
  await a.end();

  process.env.DATABASE_URL = url;
  process.env.SEED_DEMO = "true";
  process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret";
  const { bootstrap } = await import("@/lib/seed");
  await bootstrap({ demo: true });

  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const [{ id: happy }] = await sql<
    { id: number }[]
  >`select id from companies where name = 'Happy Paws Pvt Ltd'`;
  const count = async () =>
    (
      await sql<{ n: number }[]>`
        select count(*)::int as n from users where company_id = ${happy} and role_id = 4 and deleted_at is null`
    )[0].n;
  const have = await count();
  if (have < users) {
    const t = performance.now();
    await sql`set synchronous_commit = off`;
    const [pos] = await sql<
      { id: number }[]
    >`select id from positions where company_id = ${happy} order by id limit 1`;
    const [fr] = await sql<
      { id: number }[]
    >`select id from franchisees where company_id = ${happy} order by id limit 1`;
    const first = [
      "Priya",
      "Rahul",
      "Ananya",
      "Vikram",
      "Kavya",
      "Arjun",
      "Sneha",
      "Rohan",
      "Meera",
      "आदित्य",
    ];
    const last = [
      "Sharma",
      "Iyer",
      "Reddy",
      "Patel",
      "Ansari",
      "D'Souza",
      "Iyengar",
      "Nair",
      "Gupta",
      "Singh",
    ];
    await sql`
      insert into users (company_id, role_id, position_id, franchisee_id, first_name, last_name, user_name, email,
                         phone, employee_code, is_active, is_kyc_verified, password_hash, created_at)
      select ${happy}, 4, case when g % 10 = 0 then null else ${pos?.id ?? null}::int end,
             case when g % 2 = 0 then null else ${fr?.id ?? null}::int end,
             (${first}::text[])[1 + g % 10], (${last}::text[])[1 + (g / 10) % 10],
             'xb' || g, 'export.' || g || '@bench.test',
             case when g % 5 = 0 then '+91 98200 ' || lpad((g % 100000)::text, 5, '0')
                  else '+91 9' || lpad((g::bigint * 7919 % 1000000000)::text, 9, '0') end,
             case when g % 3 = 0 then 'EMP' || lpad(g::text, 7, '0') end,
             (g % 9 <> 0)::int, g % 3, '!unset',
             timestamptz '2023-01-01' + (g % 1000) * interval '1 day' + (g % 86400) * interval '1 second'
      from generate_series(${have + 1}::int, ${users}::int) g`;
    await sql`analyze users`;
    console.log(
      `[export-bench] ${users - have} users inserted in ${((performance.now() - t) / 1000).toFixed(0)} s`,
    );
  }
  const n = await count();
  await sql.end();
  return { happy, rows: n };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/exportbench";
  const { happy, rows } = await prepare(url, arg("users", 1_000_000));
  const { getDb, closeDb } = await import("@/lib/platform/db");
  const { resolveContext } = await import("@/lib/platform/context");
  const { users } = await import("@/db/schema");
  const { eq } = await import("drizzle-orm");
  const db = await getDb();
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, "admin@happypaws.test"));
  const ctx = await resolveContext({
    userId: u.id,
    via: "token",
    binding: "t:bench",
    requestedCompanyId: happy,
  });
  for (let round = 1; round <= arg("rounds", 1); round++) {
    const line = (name: string, r: ExportRun, copy: ExportRun) =>
      `${name.padEnd(5)} ${r.rows.toLocaleString("en")} rows  ${r.seconds.toFixed(1)} s  ${Math.round(r.rowsPerSec).toLocaleString("en")} rows/s  ` +
      `(${(r.rowsPerSec / copy.rowsPerSec).toFixed(3)}× COPY)  ${(r.bytes / MB).toFixed(0)} MB  ` +
      `RSS ${(r.rssBefore / MB).toFixed(0)} → ${(r.rssPeak / MB).toFixed(0)} MB (+${((r.rssPeak - r.rssBefore) / MB).toFixed(0)})`;
    console.log(`round ${round}`);
    let copy: ExportRun | undefined;
    const m = await measureExports({
      url,
      ctx,
      params: { role_id: "4" },
      expectedRows: rows,
      onRun: (name, r) => console.log(line(name, r, (copy ??= r))),
    });
    console.log(
      `list p95 idle ${m.idleP95.toFixed(1)} ms, while 2 exports run ${m.busyP95.toFixed(1)} ms ` +
        `(${(m.busyP95 / m.idleP95).toFixed(2)}×, ${m.busyCalls} calls)`,
    );
  }
  await closeDb();
}
