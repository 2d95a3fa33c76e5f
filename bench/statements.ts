// `node --conditions=react-server --import tsx bench/statements.ts`: what one /api request costs in statements, on the
// bench database (BENCH_DATABASE_URL): the caller's statement (session and bearer token), users page 1, each timed
// in-process over N runs and listed with its text, so a change to either is measured, not guessed.
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { arg, benchDatabaseUrl } from "./common";

const N = arg("runs", 200);
const url = benchDatabaseUrl();
process.env.DATABASE_URL = url;
process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret";
process.env.SEED_DEMO = "false";
process.env.KYC_SWEEP = "0";
const { closeDb, getDb, watchStatements, rowsOf } = await import("@/lib/platform/db");
const { resolveContext } = await import("@/lib/platform/context");
const { listUsers } = await import("@/lib/admin/users/users");
const { inRequest } = await import("@/lib/platform/rls");
const { tokenHash, tokenKey, issueApiToken } = await import("@/lib/platform/api-tokens");
const { sql } = await import("drizzle-orm");
const db = await getDb();
const { default: postgres } = await import("postgres");
const raw = postgres(url, { max: 1, onnotice: () => {} });
const [admin] = rowsOf<{ id: number; company_id: number }>(
  await db.execute(sql`select id, company_id from users where email = 'admin@happypaws.test'`),
);
const token = await issueApiToken(admin.id);
const tokenCheck = {
  hash: tokenHash(token),
  limitKey: `api:token:${tokenKey(token)}`,
  budget: { points: 1e9, seconds: 60 },
};

async function measure(label: string, fn: () => Promise<unknown>) {
  for (let i = 0; i < 20; i++) await inRequest(fn);
  const w = watchStatements();
  await inRequest(fn);
  w.stop();
  const xs: number[] = [];
  for (let i = 0; i < N; i++) {
    const t = performance.now();
    await inRequest(fn);
    xs.push(performance.now() - t);
  }
  xs.sort((a, b) => a - b);
  console.log(
    `${label}: p50 ${xs[Math.floor(N / 2)].toFixed(2)} ms, p95 ${xs[Math.floor(N * 0.95)].toFixed(2)} ms, ${w.statements.length} statement(s)`,
  );
  if (process.argv.includes("--sql"))
    for (const s of w.statements) console.log(`  ${s.replace(/\s+/g, " ").slice(0, 400)}`);
  if (process.argv.includes("--dump"))
    fs.writeFileSync(
      `/tmp/statements-${label.replace(/\W+/g, "_")}.json`,
      JSON.stringify({ statements: w.statements, params: w.params }),
    );
  // --explain: each statement's plan with its execution time (EXPLAIN ANALYZE runs it once more).
  if (process.argv.includes("--explain"))
    for (const [i, s] of w.statements.entries()) {
      if (/^\s*(explain|with tok)/i.test(s)) continue;
      const r = await raw.unsafe(`explain (analyze, buffers) ${s}`, w.params[i] as never[]);
      console.log(r.map((x) => `    ${Object.values(x)[0]}`).join("\n"));
    }
}

const session = () =>
  resolveContext({ userId: admin.id, via: "session", binding: "s:x", requestedCompanyId: admin.company_id });
const bearer = () =>
  resolveContext({
    token: tokenCheck,
    via: "token",
    binding: "t:x",
    requestedCompanyId: admin.company_id,
    strictCompany: true,
  });
// --replay: users page 1's statements as the first request of a minute sends them (the page with its bounded count,
// then the estimate) against a warm request's (the page without it, the estimate beside it), over one connection
// each, run directly through postgres.js: what the list's change saves in SQL and round trips.
if (process.argv.includes("--replay")) {
  const c = await inRequest(bearer);
  const grab = async () => {
    const w = watchStatements();
    await inRequest(() => listUsers(c, { role_id: "4" }));
    w.stop();
    return w.statements.map((text, i) => ({ text, params: w.params[i] as never[] }));
  };
  const cold = await grab();
  const warm = await grab();
  // As the portal runs them: its role, under row-level security for the admin's company, its planner settings.
  const two = postgres(url, {
    max: 2,
    onnotice: () => {},
    connection: {
      role: "portal_app",
      "app.company_id": String(admin.company_id),
      jit: "off",
      enable_memoize: "off",
      max_parallel_workers_per_gather: "0",
    } as Record<string, string>,
  });
  const run = (st: { text: string; params: never[] }) => two.unsafe(st.text, st.params);
  const page = (xs: typeof cold) => xs.filter((x) => !/^explain/i.test(x.text) && !/pg_class/.test(x.text));
  const coldSeq = page(cold).concat(
    cold.filter((x) => /^explain \(format json\) select 1 from "users" where/.test(x.text)),
  );
  const times: Record<string, number[]> = { before: [], after: [] };
  for (let i = 0; i < N; i++) {
    let t = performance.now();
    for (const st of coldSeq) await run(st);
    times.before.push(performance.now() - t);
    t = performance.now();
    await Promise.all(warm.map(run));
    times.after.push(performance.now() - t);
  }
  for (const [k, xs] of Object.entries(times)) {
    xs.sort((a, b) => a - b);
    console.log(
      `users page 1 statements, ${k}: p50 ${xs[N >> 1].toFixed(2)} ms, p95 ${xs[Math.floor(N * 0.95)].toFixed(2)} ms`,
    );
  }
  console.log(`  before: ${coldSeq.length} statement(s) in series; after: ${warm.length} side by side`);
  await two.end();
}
await measure("caller (session)", session);
await measure("caller (bearer token)", bearer);
const ctx = await inRequest(bearer);
await measure("users page 1 (list only)", () => listUsers(ctx, { role_id: "4" }));
await measure("users page 1 with its caller (token)", async () =>
  listUsers(await bearer(), { role_id: "4" }),
);
await measure("users search 'kumar' (list only)", () =>
  listUsers(ctx, { role_id: "4", search_keyword: "kumar" }),
);
// What the portal layout runs on every page (app/(portal)/layout.tsx), and the users page's own reads.
const { countUnreadNotifications } = await import("@/lib/admin/notifications");
const { inboxTotal } = await import("@/lib/approvals/inbox");
const { userPositions } = await import("@/lib/admin/masters");
await measure("layout: unread notifications", () => countUnreadNotifications(ctx));
await measure("layout: approvals count", () => inboxTotal(ctx));
await measure("users page: positions", () => userPositions(ctx));
await raw.end();
await closeDb();
