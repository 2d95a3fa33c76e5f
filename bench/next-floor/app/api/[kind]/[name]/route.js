// POST /api/load/<name> {caller?, statements: [{text, params}], tx?}: remembers a scenario; GET /api/json/<name>: runs its
// statements and answers {data, count} as bench/floor.mjs does.
import postgres from "postgres";
import { floorConnection, runStatements } from "../../../../../floor-exec.mjs";

const g = globalThis;
const sql = (g.__floorSql ??= postgres(process.env.BENCH_DATABASE_URL, {
  max: 10,
  onnotice: () => {},
  connection: floorConnection(),
}));
const scenarios = (g.__floorScenarios ??= new Map());

export async function POST(request, { params }) {
  const { kind, name } = await params;
  if (kind !== "load") return new Response(null, { status: 404 });
  scenarios.set(name, await request.json());
  return new Response(null, { status: 204 });
}

export async function GET(request, { params }) {
  const { kind, name } = await params;
  const s = scenarios.get(name);
  if (kind !== "json" || !s) return new Response(null, { status: 404 });
  // tx: the statements set their own planner settings (set local), so they ran in a transaction in the portal.
  const exec = (q) => runStatements(sql, q, s.statements);
  // The caller's statement (the bearer token, its rate-limit hit, the user), as the portal reads it first.
  await runStatements(sql, sql, s.caller ?? []);
  const rows = s.tx ? await sql.begin(exec) : await exec(sql);
  return Response.json({ data: rows, count: rows.length ? Number(rows[0].__n ?? rows.length) : 0 });
}

export const dynamic = "force-dynamic";
