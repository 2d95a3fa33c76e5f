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
  return reserved(sql, (c) => c.unsafe(st.text, st.params));
}

/** How long a floor's statements may hold their connection before it is taken for stuck (their own take < 1 s). */
const STUCK_MS = 10_000;
class Stuck extends Error {}

/**
 * `fn` on a connection reserved for it. A connection whose statements have not answered within STUCK_MS is ended
 * (as the portal ends one past its deadline: lib/platform/db.ts) and the statements are sent again on another, once;
 * what PostgreSQL was doing then is printed first. The node:http floor was seen waiting for ever after the exports
 * (the runs of 2026-11-28 08:01 and 08:17: /html/page1): its COPY had left the connection's socket paused
 * (postgres.js, fixed by scripts/patch-postgres.mjs fix 6); this guard is what found it, and stays for the next.
 */
async function reserved(sql, fn) {
  for (let attempt = 0; ; attempt++) {
    const c = await sql.reserve();
    const work = Promise.resolve().then(() => fn(c));
    work.catch(() => {}); // answered below, or abandoned with its connection
    let timer;
    const stuck = new Promise((_, reject) => (timer = setTimeout(() => reject(new Stuck()), STUCK_MS)));
    try {
      const out = await Promise.race([work, stuck]);
      c.release();
      return out;
    } catch (e) {
      if (!(e instanceof Stuck)) {
        c.release();
        throw e;
      }
      await reportStuck();
      if (typeof c.terminate === "function") c.terminate();
      if (attempt >= 1)
        throw new Error(`a floor connection answered nothing within ${STUCK_MS / 1000} s, twice`);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** What the database's other sessions are doing, on a connection of its own (the pool's may all be held). */
async function reportStuck() {
  const { default: postgres } = await import("postgres");
  const look = postgres(process.env.BENCH_DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    const rows = await look`
      select pid, state, wait_event_type, wait_event, round(extract(epoch from now() - state_change)::numeric, 1) as s,
             left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 160) as query
      from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`;
    console.error(`[floor] a connection answered nothing within ${STUCK_MS / 1000} s: ended, sent again`);
    for (const r of rows) console.error(`[floor]   ${JSON.stringify(r)}`);
  } catch (e) {
    console.error(`[floor] stuck connection; pg_stat_activity not read: ${e?.message ?? e}`);
  } finally {
    await look.end({ timeout: 1 }).catch(() => {});
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
    const send = (c) => Promise.all(group.map((st) => c.unsafe(st.text, st.params)));
    last = (q === sql ? await reserved(sql, send) : await send(q))[1];
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
