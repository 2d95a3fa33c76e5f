// `npm run bench`: the portal against its floor, on the data set of `npm run bench:seed` (PostgreSQL).
//
// The portal runs as `npm start` runs it (scripts/server.mjs over the production build); the floor is
// bench/floor.mjs, a bare node:http server with postgres.js that runs the very statements the portal sent for the
// same scenario (captured here through drizzle's logger) and answers the same rows as JSON or a plain HTML table;
// an export's floor is COPY ... TO STDOUT. After a warm-up, rounds interleave portal and floor for each scenario;
// medians, p95 and the spread of the rounds' medians are reported with the ratio, into docs/benchmarks.md.
// A target missed is measured again; missed twice running, the run exits 1.
//
//   npm run bench:seed && npm run bench        the full run (1M users in the biggest company)
//   npm run bench -- --ci                      CI: seeds 30,000 users (BENCH_DATABASE_URL, else TEST_DATABASE_URL's
//                                              server, database bench_ci), checks the query shapes, fails only on them
// Options: --rounds N (5), --requests N per round and side (30), --no-exports, --out FILE (docs/benchmarks.md).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import { arg, flag, SEED_VERSION } from "./common";
import { json, request, rssOf, stats, throughput, type Timing } from "./http";

const CI = flag("ci");
const ROUNDS = arg("rounds", CI ? 2 : 5);
const REQUESTS = arg("requests", CI ? 12 : 30);
const EXPORTS = !flag("no-exports");
const outIdx = process.argv.indexOf("--out");
const OUT = outIdx > 0 ? process.argv[outIdx + 1] : CI ? null : "docs/benchmarks.md";
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);

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
// The portal's statements for each scenario, captured in-process through the kernel itself.
process.env.DATABASE_URL = url;
process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret";
process.env.SEED_DEMO = "false";
const { getDb, closeDb, watchStatements } = await import("@/lib/platform/db");
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

const admin = await (async () => {
  const db = await getDb();
  const { users } = await import("@/db/schema");
  const { eq } = await import("drizzle-orm");
  const [u] = await db.select({ id: users.id }).from(users).where(eq(users.email, "admin@happypaws.test"));
  return u.id;
})();
const ctx = await resolveContext({
  userId: admin,
  via: "token",
  binding: "t:bench",
  requestedCompanyId: HAPPY,
});

const raw = postgres(url, { max: 2, onnotice: () => {} });
const [{ n: liveRows }] = await raw<{ n: number }[]>`
  select count(*)::int as n from users where company_id = ${HAPPY} and role_id = 4 and deleted_at is null`;
const DEEP = Math.min(500_000, Math.floor(liveRows / 2));
const [{ id: deepId }] = await raw<{ id: number }[]>`
  select id from users where company_id = ${HAPPY} and role_id = 4 and deleted_at is null
  order by id desc offset ${DEEP - 1} limit 1`;
const deepCursor = Buffer.from(JSON.stringify([null, deepId])).toString("base64url");
const SEARCHES = ["sha", "priya", "reddy", "9820", "kav", "gmail", "iyengar", "ansari"];
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
  captured[name] = await capture(() => listUsers(ctx, { ...s.q }));

// Every other registered entity's list, page 1 as its screen opens it: its shape is guarded like the users' (below).
const { registry } = await import("@/lib/registry");
const { listOf } = await import("@/lib/platform/entity");
const entityPages: Record<string, Statement[]> = {};
for (const r of registry)
  if (r.def.list && r.def.ops.includes("list") && r.def.name !== "users")
    entityPages[`${r.def.name} page 1`] = await capture(() => listOf(r.def)(ctx, {}));

// Issue 11's screens on 5M walks: the daily job plans list, a walker's calendar month (the busiest walker) and the
// customer walk requests list, page 1 as their screens open them, through /api.
const { walkCalendar } = await import("@/lib/jobs/walk-calendar");
const { dailyJobPlansCrud } = await import("@/lib/jobs/daily-job-plans");
const entityDef = (name: string) => registry.find((r) => r.def.name === name)!.def;
const [busy] = await raw<{ id: number; month: string }[]>`
  select walker_id as id, to_char(min(date), 'YYYY-MM') as month from daily_job_plan_walks
  where company_id = ${HAPPY} and walker_id is not null and deleted_at is null
  group by walker_id, date_trunc('month', date) order by count(*) desc limit 1`;
const jobScenarios: Record<string, { path: string; q: Record<string, string>; run: () => Promise<unknown> }> =
  {
    jobs_daily_plans: {
      path: "daily_job_plans",
      q: {},
      // The route's list: the page and, in a second statement, its plans' walks (the Walks sub-table).
      run: () => dailyJobPlansCrud.list(ctx, {}),
    },
    jobs_calendar: {
      path: "walk_calendar",
      q: { month: busy.month, walker_id: String(busy.id) },
      run: () => walkCalendar(ctx, { month: busy.month, walker_id: String(busy.id) }),
    },
    jobs_walk_requests: {
      path: "customer_walk_requests",
      q: {},
      run: () => listOf(entityDef("customer_walk_requests"))(ctx, {}),
    },
  };
for (const [name, j] of Object.entries(jobScenarios)) captured[name] = await capture(j.run);

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
await closeDb();

// ---------------------------------------------------------------------------------------------------------------
// Query shapes: what CI guards. A page, a deep keyset page and their counts read a bounded number of rows,
// whatever the company's size (an exact count or a deep OFFSET creeping back reads them all).
type PlanNode = { "Actual Rows"?: number; "Actual Loops"?: number; "Node Type"?: string; Plans?: PlanNode[] };
function maxRowsRead(n: PlanNode): number {
  const own = /Scan/.test(n["Node Type"] ?? "") ? (n["Actual Rows"] ?? 0) * (n["Actual Loops"] ?? 1) : 0;
  return Math.max(own, ...(n.Plans ?? []).map(maxRowsRead));
}
const shapeLimit = EXACT_COUNT_LIMIT + 1 + 100;
const shapes: { name: string; rows: number; ok: boolean }[] = [];
const shapeCases: Record<string, Statement[]> = {
  page1: captured.page1,
  deep: captured.deep,
  ...entityPages,
};
for (const [name, statements] of Object.entries(shapeCases)) {
  let worst = 0;
  for (const s of statements) {
    if (/^explain/i.test(s.text)) continue;
    const [plan] = await raw.unsafe(`explain (analyze, format json) ${s.text}`, s.params as never[]);
    const root = (Object.values(plan)[0] as { Plan: PlanNode }[])[0].Plan;
    worst = Math.max(worst, maxRowsRead(root));
  }
  shapes.push({ name, rows: worst, ok: worst <= shapeLimit });
}
const statementsPerList = captured.page1.length;
console.log(
  `query shapes: ${shapes.map((s) => `${s.name} reads at most ${s.rows} rows per scan (${s.ok ? "ok" : "TOO MANY"})`).join("; ")}; a list page sends ${statementsPerList} statement(s)`,
);

// ---------------------------------------------------------------------------------------------------------------
// The two servers.
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

if (!fs.existsSync(".next/BUILD_ID")) {
  console.log("[bench] building the portal...");
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
      if (typeof ready === "string" ? log.includes(ready) : ready.test(log)) resolve(child);
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
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
    // One token makes every /api call of the run: its budget (600 a minute) would stop the benchmark.
    RATE_LIMIT_SCALE: "10000",
    NODE_ENV: "production",
  },
  "[server] ready",
);
const floor = await start(
  ["bench/floor.mjs"],
  { BENCH_DATABASE_URL: url, FLOOR_PORT: String(floorPort) },
  "floor listening",
);
// The second floor (full runs): bench/next-floor, a bare Next app whose one route handler runs the same statements
// through postgres.js: what Next itself costs on this machine, with no sign-in, no drizzle and no portal code.
const nextFloorDir = path.join(root, "bench", "next-floor");
const nextBin = path.join(root, "node_modules", "next", "dist", "bin", "next");
let nextFloorUrl: string | null = null;
if (!CI) {
  if (!fs.existsSync(path.join(nextFloorDir, ".next", "BUILD_ID"))) {
    console.log("[bench] building the bare Next floor...");
    const b = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", cwd: nextFloorDir });
    if (b.status !== 0) process.exit(b.status ?? 1);
  }
  const nextFloorPort = await freePort();
  await start(
    [nextBin, "start", "-p", String(nextFloorPort), "-H", "127.0.0.1"],
    { BENCH_DATABASE_URL: url, NODE_ENV: "production" },
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

// Sign in: a bearer token for /api, a session cookie for the pages (Auth.js's own credentials callback).
const { token } = await json<{ token: string }>(`${P}/api/login`, {
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify({ email: "admin@happypaws.test", password: "Demo@1234", is_web: false }),
});
const bearer = { authorization: `Bearer ${token}` };
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
const page = { cookie };

// The floor learns each scenario's statements.
async function load(name: string, body: object) {
  await request(`${F}/load/${name}`, { method: "POST", body: JSON.stringify(body) });
}
for (const [name, st] of Object.entries(captured)) await load(name, { statements: st });
if (nextFloorUrl)
  for (const name of ["page1", "deep"])
    await request(`${nextFloorUrl}/api/load/${name}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ statements: captured[name] }),
    });
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

// ---------------------------------------------------------------------------------------------------------------
// Measuring.
type Side = { samples: number[]; roundMedians: number[] };
type Result = { portal: Side; floor: Side; extra?: Record<string, number> };
const side = (): Side => ({ samples: [], roundMedians: [] });
const results: Record<string, Result> = {};
const qs = (q: Record<string, string>) => new URLSearchParams(q).toString();

async function sample(
  name: string,
  portalCall: () => Promise<Timing>,
  floorCall: () => Promise<Timing>,
  pick: (t: Timing) => number = (t) => t.total,
  n = REQUESTS,
  round = 0,
) {
  const r = (results[name] ??= { portal: side(), floor: side() });
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
      const t = await call();
      if (t.status >= 400) throw new Error(`${name} (${who}): status ${t.status}`);
      xs.push(pick(t));
    }
    r[who].samples.push(...xs);
    r[who].roundMedians.push(stats.median(xs));
  }
}

const api = (q: Record<string, string>) => () => request(`${P}/api/users?${qs(q)}`, { headers: bearer });
const floorJson = (name: string) => () => request(`${F}/json/${name}`);

// Warm-up: every route compiled, caches warm, and the code of both sides past the JIT's first tiers (the portal
// runs far more JavaScript per request than the floor, so a short warm-up measures its compiler, not its speed).
const WARM = CI ? 20 : 150;
for (let i = 0; i < WARM; i++) {
  await api(scenarios.page1.q)();
  await floorJson("page1")();
  await api(scenarios.deep.q)();
  await floorJson("deep")();
  await api(scenarios[`search_${SEARCHES[i % SEARCHES.length]}`].q)();
  await floorJson(`search_${SEARCHES[i % SEARCHES.length]}`)();
  await request(`${P}/users`, { headers: page });
  await request(`${F}/html/page1`);
  for (const [name, j] of Object.entries(jobScenarios)) {
    await request(`${P}/api/${j.path}?${qs(j.q)}`, { headers: bearer });
    await floorJson(name)();
  }
  if (nextFloorUrl) await nextJson("page1")();
}

const started = performance.now();
for (let round = 0; round < ROUNDS; round++) {
  await sample("api_page1", api(scenarios.page1.q), floorJson("page1"), undefined, REQUESTS, round);
  // The bare Next floor against the node:http floor, in the same rounds (reported beside page 1, no target).
  if (nextFloorUrl)
    await sample("next_page1", nextJson("page1"), floorJson("page1"), undefined, REQUESTS, round);
  await sample("api_deep", api(scenarios.deep.q), floorJson("deep"), undefined, REQUESTS, round);
  for (const [name, j] of Object.entries(jobScenarios))
    await sample(
      name,
      () => request(`${P}/api/${j.path}?${qs(j.q)}`, { headers: bearer }),
      floorJson(name),
      undefined,
      Math.ceil(REQUESTS / 2),
      round,
    );
  for (const s of SEARCHES)
    await sample(
      "search",
      api(scenarios[`search_${s}`].q),
      floorJson(`search_${s}`),
      undefined,
      Math.ceil(REQUESTS / 4),
      round,
    );
  await sample(
    "ssr",
    () => request(`${P}/users`, { headers: page }),
    () => request(`${F}/html/page1`),
    (t) => t.ttfb,
    REQUESTS,
    round,
  );
  let i = 0;
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
  console.log(
    `[bench] round ${round + 1}/${ROUNDS} (${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
}

// Throughput of page 1: 8 clients for 3 s each side.
const tput = {
  portal: await throughput(api(scenarios.page1.q), 8, CI ? 1000 : 3000),
  floor: await throughput(floorJson("page1"), 8, CI ? 1000 : 3000),
};

// Exports: rows a second against COPY, and the portal's memory while it streams.
type ExportRun = { seconds: number; rowsPerSec: number; bytes: number; rssBefore: number; rssPeak: number };
async function exportRun(format: "csv" | "xlsx"): Promise<ExportRun> {
  const { data: link } = await json<{ data: string }>(
    `${P}/api/users/excel_export?${qs({ role_id: "4", format })}`,
    { headers: bearer },
  );
  const rssBefore = rssOf(portal.pid!);
  let rssPeak = rssBefore;
  const timer = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(portal.pid!))), 50);
  const t = await request(`${P}${link}`, { headers: bearer });
  clearInterval(timer);
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
  const t = await request(`${F}/copy/export`);
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
  const runs = CI ? 1 : 2;
  for (let i = 0; i < runs; i++) {
    exportsMeasured.copy.push(await copyRun());
    exportsMeasured.csv.push(await exportRun("csv"));
    exportsMeasured.xlsx.push(await exportRun("xlsx"));
  }
  // The list while two exports stream.
  const idle: number[] = [];
  for (let i = 0; i < 60; i++) idle.push((await api(scenarios.page1.q)()).total);
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
  for (let i = 0; i < 5000; i++) {
    const v: Record<string, string> = {
      "First Name": "Import",
      "Middle Name": "",
      "Last Name": `Row${i}`,
      Email: `import.${run}.${i}@bench.test`,
      Phone: `+91 97${String(i).padStart(8, "0")}`,
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
// Targets.
const ms = (x: number) => `${x.toFixed(1)} ms`;
const R = (n: string) => results[n];
const p50 = (s: Side) => stats.median(s.samples);
const p95 = (s: Side) => stats.p95(s.samples);
const spread = (s: Side) =>
  `${Math.min(...s.roundMedians).toFixed(1)}–${Math.max(...s.roundMedians).toFixed(1)}`;
const best = <T extends ExportRun>(xs: T[]) =>
  xs.reduce((a, b) => (b.rowsPerSec > a.rowsPerSec ? b : a), xs[0]);
const worstRss = (xs: ExportRun[]) => Math.max(...xs.map((x) => x.rssPeak - x.rssBefore));
const MB = 1024 * 1024;

type Check = { scenario: string; measured: string; floor: string; target: string; ok: boolean };
const checks: Check[] = [
  {
    scenario: "/api list page 1",
    measured: `p50 ${ms(p50(R("api_page1").portal))} (rounds ${spread(R("api_page1").portal)}), p95 ${ms(p95(R("api_page1").portal))}, ${tput.portal.toFixed(0)} req/s`,
    floor:
      `p50 ${ms(p50(R("api_page1").floor))}, p95 ${ms(p95(R("api_page1").floor))}, ${tput.floor.toFixed(0)} req/s` +
      (R("next_page1")
        ? `; a bare Next route handler running the same statements: p50 ${ms(p50(R("next_page1").portal))} (rounds ${spread(R("next_page1").portal)}), floor in its rounds p50 ${ms(p50(R("next_page1").floor))}`
        : ""),
    target: "p50 ≤ floor + 3 ms; throughput ≥ 0.25× floor; p95 ≤ 30 ms",
    ok:
      p50(R("api_page1").portal) <= p50(R("api_page1").floor) + 3 &&
      tput.portal >= 0.25 * tput.floor &&
      p95(R("api_page1").portal) <= 30,
  },
  ...Object.entries({
    jobs_daily_plans: "daily job plans list page 1 (GET /api/daily_job_plans)",
    jobs_calendar: `a walker's calendar month (GET /api/walk_calendar, ${busy.month}, the busiest walker)`,
    jobs_walk_requests: "customer walk requests list page 1 (GET /api/customer_walk_requests)",
  }).map(([name, scenario]) => ({
    scenario,
    measured: `p50 ${ms(p50(R(name).portal))} (rounds ${spread(R(name).portal)}), p95 ${ms(p95(R(name).portal))}`,
    floor: `p50 ${ms(p50(R(name).floor))}, p95 ${ms(p95(R(name).floor))}`,
    // Issue 8's list target; the portal's own /api page 1 misses its p50 part by the framework's cost alone (README).
    target: "p50 ≤ floor + 3 ms; p95 ≤ 30 ms",
    ok: p50(R(name).portal) <= p50(R(name).floor) + 3 && p95(R(name).portal) <= 30,
  })),
  {
    scenario: `/api list, ${DEEP.toLocaleString("en")} rows deep (cursor)`,
    measured: `p50 ${ms(p50(R("api_deep").portal))} (rounds ${spread(R("api_deep").portal)}), p95 ${ms(p95(R("api_deep").portal))}`,
    floor: `p50 ${ms(p50(R("api_deep").floor))}`,
    target: "≤ 1.5× page 1 (p50)",
    ok: p50(R("api_deep").portal) <= 1.5 * p50(R("api_page1").portal),
  },
  {
    scenario: `search, 3+ characters (${SEARCHES.join(", ")})`,
    measured: `p50 ${ms(p50(R("search").portal))}, p95 ${ms(p95(R("search").portal))}`,
    floor: `p50 ${ms(p50(R("search").floor))}, p95 ${ms(p95(R("search").floor))}`,
    target: "p95 ≤ 5× list p95; p95 ≤ 50 ms",
    ok: p95(R("search").portal) <= 5 * p95(R("api_page1").portal) && p95(R("search").portal) <= 50,
  },
  {
    scenario: "SSR list page /users, signed in (TTFB)",
    measured: `p50 ${ms(p50(R("ssr").portal))} (rounds ${spread(R("ssr").portal)}), p95 ${ms(p95(R("ssr").portal))}`,
    floor: `p50 ${ms(p50(R("ssr").floor))} (plain HTML table)`,
    target: "TTFB ≤ 6× floor + 15 ms; p50 ≤ 60 ms",
    ok: p50(R("ssr").portal) <= 6 * p50(R("ssr").floor) + 15 && p50(R("ssr").portal) <= 60,
  },
  {
    scenario: "audited update (POST /api/users)",
    measured: `p50 ${ms(p50(R("update").portal))}, p95 ${ms(p95(R("update").portal))}; its statements with the audit record p50 ${ms(p50(R("update_sql").portal))}`,
    floor: `the same statements without the audit record p50 ${ms(p50(R("update_sql").floor))}`,
    target: "audited ≤ 1.3× unaudited; p95 ≤ 60 ms",
    ok: p50(R("update_sql").portal) <= 1.3 * p50(R("update_sql").floor) && p95(R("update").portal) <= 60,
  },
];
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
    },
    {
      scenario: "list p95 while 2 exports run",
      measured: `p95 ${ms(exportsMeasured.busyP95)}`,
      floor: `idle p95 ${ms(exportsMeasured.idleP95)}`,
      target: "≤ 2× idle p95",
      ok: exportsMeasured.busyP95 <= 2 * exportsMeasured.idleP95,
    },
  );
}
checks.push({
  scenario: "bulk user import, 5,000 rows (upload + process)",
  measured: `${importSeconds.toFixed(1)} s`,
  floor: "",
  target: "≤ 10 s end to end",
  ok: importSeconds <= 10,
});

const lines = [
  `| scenario | portal | floor | target | met |`,
  `|---|---|---|---|---|`,
  ...checks.map(
    (c) => `| ${c.scenario} | ${c.measured} | ${c.floor} | ${c.target} | ${c.ok ? "yes" : "**no**"} |`,
  ),
];
console.log(`\n${lines.join("\n")}\n`);
const shapeOk = shapes.every((s) => s.ok);

if (OUT) {
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"]).stdout?.toString().trim();
  const doc = `# Benchmarks

The portal measured against a floor on the same machine, in the same run (\`npm run bench\`; the data set from
\`npm run bench:seed\`). Read bench/run.ts for how; the README's "Speed" section says what the kernel does for it.

- **Run**: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, commit ${commit}, ${os.cpus().length} cores
  (${os.cpus()[0]?.model ?? "?"}), ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB, Node ${process.version}, PostgreSQL on the same machine.
- **Data set**: ${USERS.toLocaleString("en")} users in the biggest company (Happy Paws Pvt Ltd, ${liveRows.toLocaleString("en")} of them live
  customers), about 30% of all users, the rest over ${m.companies ?? "200"} companies with a long tail; 5% soft-deleted;
  positions and franchisees 10k each, user_timestamps, notifications and audit_records 100k each.
- **Floor**: bench/floor.mjs, a bare node:http server with postgres.js running the very statements the portal sent
  for the scenario (captured through drizzle's logger), answering the same rows as JSON or as a plain HTML table;
  the exports' floor is \`COPY ... TO STDOUT\`. Beside page 1, bench/next-floor: a bare Next app (same Next, same
  production mode) whose one route handler runs the same statements through postgres.js, with no sign-in and no
  portal code: what the framework itself costs here. The portal adds sign-in checks (the caller in one statement),
  validation, its JSON shape, React rendering and the shell.
- **Method**: a warm-up (${WARM} requests per scenario and side), then ${ROUNDS} rounds; in each, ${REQUESTS} sequential requests per scenario and side (search: 8
  terms), portal and floor interleaved and alternating who goes first. p50/p95 over all samples; "rounds" is the
  spread of the rounds' medians. Throughput: 8 keep-alive clients for 3 s. Exports: the best of 2 runs, RSS of the
  portal's process sampled every 50 ms.
- **Query shapes** (what CI checks on a small data set): ${shapes.map((s) => `${s.name} reads at most ${s.rows.toLocaleString("en")} rows in any scan`).join("; ")}; a list page is ${statementsPerList} statement(s).

${lines.join("\n")}
`;
  fs.mkdirSync(path.dirname(OUT), { recursive: true });
  fs.writeFileSync(OUT, doc);
  console.log(`[bench] wrote ${OUT}`);
}

await raw.end();
floor.kill("SIGTERM");
if (!shapeOk) {
  console.error(
    "[bench] a query reads more rows than a page and its bounded count may: an exact count or a deep OFFSET is back",
  );
  process.exit(1);
}
// A target missed in this run and in the run before it (kept in the data set's bench_meta) fails the run; a first
// miss is reported and measured again next time.
const missed = checks.filter((c) => !c.ok).map((c) => c.scenario.replace(/,.*$/, ""));
const recorder = postgres(url, { max: 1, onnotice: () => {} });
const [prev] = await recorder<{ value: string }[]>`select value from bench_meta where key = 'missed'`;
await recorder`insert into bench_meta values ('missed', ${JSON.stringify(missed)})
  on conflict (key) do update set value = excluded.value`;
await recorder.end();
const twice = missed.filter((x) => (prev ? (JSON.parse(prev.value) as string[]) : []).includes(x));
if (missed.length) console.error(`[bench] targets missed: ${missed.join("; ")}`);
if (!CI && twice.length) {
  console.error(`[bench] missed in two runs running: ${twice.join("; ")}`);
  process.exit(1);
}
process.exit(0);
