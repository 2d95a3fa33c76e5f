// How the floors (bench/floor.mjs, bench/next-floor) run a scenario's statements: one after another, as the portal
// sent them. A statement the portal sent with planner settings of its own (lib/platform/db.ts withPlannerSettings:
// the settings, the statement, then a RESET of each) goes as the portal sends it: the three on one connection,
// pipelined in one round trip.
const TUNE = /^select set_config\('[a-z_]+', \$1, false\)/;

/**
 * One statement on a connection of its own, as the portal sends each (lib/platform/db.ts reserves one per statement),
 * or in the transaction. Not the pool's shared connections: there, postgres.js pipelines other requests' statements
 * behind one it is still describing (its first run on a connection: Parse, Describe, Flush, then Bind and Execute once
 * the parameter types are in), and a floor connection was seen stuck for good on such an EXPLAIN (pg_stat_activity:
 * active, ClientRead), every request that reached it timing out (the SSR rows of the runs of 2026-11-28).
 */
async function one(sql, q, st) {
  if (q !== sql) return q.unsafe(st.text, st.params);
  const c = await sql.reserve();
  try {
    return await c.unsafe(st.text, st.params);
  } finally {
    c.release();
  }
}

/** Runs `statements` on `q` (the pool `sql`, or a transaction of it); answers the last statement's rows. */
export async function runStatements(sql, q, statements) {
  let last = [];
  for (let i = 0; i < statements.length; i++) {
    if (!TUNE.test(statements[i].text)) {
      last = await one(sql, q, statements[i]);
      continue;
    }
    let end = i + 2;
    while (end < statements.length && /^reset /.test(statements[end].text)) end++;
    const group = statements.slice(i, end);
    const c = q === sql ? await sql.reserve() : q;
    try {
      last = (await Promise.all(group.map((st) => c.unsafe(st.text, st.params))))[1];
    } finally {
      if (c !== q) c.release();
    }
    i = end - 1;
  }
  return last;
}

/**
 * The session settings of the floors' connections: the portal's planner settings (lib/platform/planner.ts, which its
 * pool connections open with; bench/run.ts passes them as BENCH_PG_SETTINGS), so a statement plans alike on both
 * sides (with PostgreSQL's defaults, JIT compiled the floor's monthly search for 0.7 s in some requests).
 */
export const floorConnection = () => JSON.parse(process.env.BENCH_PG_SETTINGS || "{}");
