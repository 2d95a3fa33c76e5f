// GET /page/<name>: the bare Next *page* floor. A server component runs the statements of a scenario the route
// handler was given (POST /api/load/<name>) through postgres.js and renders the rows as a plain table, as
// bench/floor.mjs does under node:http: what Next's own rendering of a dynamic page costs, with no sign-in, no layout
// queries and no portal code. bench/run.ts judges the portal's pages against it.
import { notFound } from "next/navigation";
import postgres from "postgres";
import { floorConnection, runStatements } from "../../../../floor-exec.mjs";

const g = globalThis;
const sql = (g.__floorSql ??= postgres(process.env.BENCH_DATABASE_URL, {
  max: 10,
  onnotice: () => {},
  connection: floorConnection(),
}));
const scenarios = (g.__floorScenarios ??= new Map());

export const dynamic = "force-dynamic";

export default async function Page({ params }) {
  const { name } = await params;
  const s = scenarios.get(name);
  if (!s) notFound();
  const exec = (q) => runStatements(sql, q, s.statements);
  const rows = s.tx ? await sql.begin(exec) : await exec(sql);
  const cols = rows.length ? Object.keys(rows[0]) : [];
  return (
    <table>
      <thead>
        <tr>
          {cols.map((c) => (
            <th key={c}>{c}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r, i) => (
          <tr key={i}>
            {cols.map((c) => (
              <td key={c}>{r[c] == null ? "" : String(r[c])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
