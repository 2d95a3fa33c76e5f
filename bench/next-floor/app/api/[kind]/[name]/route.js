// POST /api/load/<name> {statements: [{text, params}]}: remembers a scenario; GET /api/json/<name>: runs its
// statements and answers {data, count} as bench/floor.mjs does.
import postgres from "postgres";

const g = globalThis;
const sql = (g.__floorSql ??= postgres(process.env.BENCH_DATABASE_URL, { max: 10, onnotice: () => {} }));
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
  let rows = [];
  for (const st of s.statements) rows = await sql.unsafe(st.text, st.params);
  return Response.json({ data: rows, count: rows.length ? Number(rows[0].__n ?? rows.length) : 0 });
}

export const dynamic = "force-dynamic";
