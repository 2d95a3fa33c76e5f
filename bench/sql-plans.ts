// `node --conditions=react-server --import tsx bench/sql-plans.ts [scenario ...]`: the statements of the screens
// issue 23 made bounded (searches, the walk requests' cards, the daily plans page, leave approval, the KYC sweep),
// captured in-process through the kernel as admin@happypaws.test, each run REPEAT times under EXPLAIN (ANALYZE,
// BUFFERS): the median execution time per statement and the most rows any scan read. Writes run in a transaction
// that is rolled back. BENCH_DATABASE_URL as bench:seed (default the `bench` database). `--plans` prints each plan.
import postgres from "postgres";
import { benchDatabaseUrl } from "./common";

const url = benchDatabaseUrl();
const REPEAT = Number(process.env.REPEAT ?? 5);
const args = process.argv.slice(2);
const printPlans = args.includes("--plans");
const only = args.filter((a) => !a.startsWith("--"));

process.env.DATABASE_URL = url;
process.env.AUTH_SECRET ??= "bench-secret-bench-secret-bench-secret";
process.env.SEED_DEMO = "false";
process.env.KYC_SWEEP = "0";
// The portal's planner settings (its pool connections open with them: jit off, ...), then PG_SETTINGS=
// "join_collapse_limit=1,jit=on": session settings for the EXPLAINs (what a SET LOCAL would do). Without the
// portal's, a search's EXPLAIN spent 0.95 s compiling JIT that the portal never runs.
const { PLANNER_SETTINGS } = await import("@/lib/platform/planner");
const settings = {
  ...PLANNER_SETTINGS,
  ...Object.fromEntries(
    (process.env.PG_SETTINGS ?? "")
      .split(",")
      .filter(Boolean)
      .map((kv) => kv.split("=")),
  ),
};
const raw = postgres(url, { max: 1, onnotice: () => {}, connection: settings });
const { closeDb, watchStatements } = await import("@/lib/platform/db");
const { resolveContext } = await import("@/lib/platform/context");

const [{ id: happy }] = await raw<
  { id: number }[]
>`select id from companies where name = 'Happy Paws Pvt Ltd'`;
const [{ id: admin }] = await raw<
  { id: number }[]
>`select id from users where email = 'admin@happypaws.test'`;
const ctx = await resolveContext({
  userId: admin,
  via: "token",
  binding: "t:sql",
  requestedCompanyId: happy,
});

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

type PlanNode = {
  "Node Type"?: string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Rows Removed by Index Recheck"?: number;
  Plans?: PlanNode[];
};
function scans(n: PlanNode, out: { rows: number; what: string }[] = []) {
  if (/Scan/.test(n["Node Type"] ?? ""))
    out.push({
      rows:
        ((n["Actual Rows"] ?? 0) +
          (n["Rows Removed by Filter"] ?? 0) +
          (n["Rows Removed by Index Recheck"] ?? 0)) *
        (n["Actual Loops"] ?? 1),
      what: `${n["Node Type"]} ${n["Index Name"] ?? n["Relation Name"] ?? ""}`.trim(),
    });
  for (const p of n.Plans ?? []) scans(p, out);
  return out;
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** EXPLAIN ANALYZE each read statement REPEAT times; the median of each and of their sum. */
async function measure(name: string, statements: Statement[]) {
  // A list read with planner settings of its own (lib/platform/db.ts withPlannerSettings): the same settings here.
  const sets = statements.filter((s) => /^\s*(set local |select set_config\()/i.test(s.text));
  for (const s of sets)
    await raw.unsafe(
      s.text.replace(/set local/i, "set").replace(/, true\)/g, ", false)"),
      (s.params ?? []) as never[],
    );
  const reads = statements.filter((s) => /^\s*(select|with)/i.test(s.text) && !sets.includes(s));
  const totals: number[] = [];
  const per: { ms: number[]; worst: { rows: number; what: string } }[] = reads.map(() => ({
    ms: [],
    worst: { rows: 0, what: "" },
  }));
  for (let i = 0; i < REPEAT; i++) {
    let total = 0;
    for (const [k, s] of reads.entries()) {
      const [row] = await raw.unsafe(
        `explain (analyze, buffers, format json) ${s.text}`,
        s.params as never[],
      );
      const plan = (
        Object.values(row)[0] as { Plan: PlanNode; "Execution Time": number; "Planning Time": number }[]
      )[0];
      const ms = plan["Execution Time"] + plan["Planning Time"];
      if (process.env.SPLIT)
        console.log(`  #${k + 1} planning ${plan["Planning Time"]} execution ${plan["Execution Time"]}`);
      per[k].ms.push(ms);
      total += ms;
      for (const r of scans(plan.Plan)) if (r.rows > per[k].worst.rows) per[k].worst = r;
      if (printPlans && i === 0) {
        const [text] = await raw
          .unsafe(`explain (analyze, buffers) ${s.text}`, s.params as never[])
          .then((r) => [r.map((x) => Object.values(x)[0]).join("\n")]);
        console.log(`--- ${name} #${k + 1}\n${s.text}\n${text}`);
      }
    }
    totals.push(total);
  }
  for (const s of sets)
    for (const m of s.text.matchAll(/set local\s+(\w+)|set_config\('(\w+)'/gi))
      await raw.unsafe(`reset ${m[1] ?? m[2]}`);
  console.log(
    `${name}: ${statements.length} statement(s), ${reads.length} read(s); median ${median(totals).toFixed(2)} ms` +
      per
        .map(
          (p, k) =>
            `\n  #${k + 1} ${median(p.ms).toFixed(2)} ms, most read: ${p.worst.rows} (${p.worst.what})`,
        )
        .join(""),
  );
}

const scenarios: Record<string, () => Promise<Statement[]>> = {};
const searchTerms = ["sha", "priya", "9820", "iyengar", "qzxj"];
const { listOf } = await import("@/lib/platform/entity");
const { registry } = await import("@/lib/registry");
const defOf = (name: string) => registry.find((r) => r.def.name === name)!.def;
for (const [entity, terms] of Object.entries({
  users: searchTerms,
  user_monthly_job_requests: searchTerms,
  customer_walk_requests: [...searchTerms, "bruno", "reason 12"],
  franchisees: ["franchisee 12", "qzxj"],
  pet_walkie_career_requests: ["walker 123", "qzxj"],
  pet_trainer_career_requests: ["trainer 123", "qzxj"],
  franchisee_career_requests: ["applicant 123", "qzxj"],
  daycare_career_requests: ["carer 123", "qzxj"],
}))
  for (const term of terms)
    scenarios[`search ${entity} "${term}"`] = () =>
      capture(() =>
        listOf(defOf(entity))(ctx, { search_keyword: term, ...(entity === "users" ? { role_id: "4" } : {}) }),
      );

for (const entity of ["user_monthly_job_requests", "customer_walk_requests", "franchisees"])
  scenarios[`page 1 ${entity}`] = () => capture(() => listOf(defOf(entity))(ctx, {}));
const { walkRequestStatistics } = await import("@/lib/jobs/customer-walk-requests");
scenarios["walk request cards"] = () => capture(() => walkRequestStatistics(ctx));
const { dailyJobPlansCrud } = await import("@/lib/jobs/daily-job-plans");
scenarios["daily job plans page 1"] = () => capture(() => dailyJobPlansCrud.list(ctx, {}));

// Leave: the busiest walker's pending leave ahead of today (as bench/run.ts picks it), its replacements (all, and
// the /api's first page of 50), and the leave list.
const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
const [busy] = await raw<{ id: number }[]>`
  select l.id from leave_requests l
  where l.company_id = ${happy} and l.status = 0 and l.deleted_at is null and l.date > ${today}::date
  order by (select count(*) from daily_job_plan_walks w
            where w.walker_id = l.user_id and w.date = l.date and w.deleted_at is null) desc, l.id
  limit 1`;
const { leaveAvailableStaff } = await import("@/lib/jobs/leave-requests");
if (busy) {
  scenarios["leave staff all"] = () => capture(() => leaveAvailableStaff(ctx, busy.id));
  scenarios["leave staff page"] = () =>
    capture(() => leaveAvailableStaff(ctx, busy.id, undefined, { limit: 50 }));
}
const { walkCalendar } = await import("@/lib/jobs/walk-calendar");
scenarios["calendar company month"] = () => capture(() => walkCalendar(ctx, { month: today.slice(0, 7) }));
scenarios["leave list page 1"] = () => capture(() => listOf(defOf("leave_requests"))(ctx, {}));

for (const [name, run] of Object.entries(scenarios)) {
  if (only.length && !only.some((o) => name.includes(o))) continue;
  await measure(name, await run());
}
await closeDb();
await raw.end();
