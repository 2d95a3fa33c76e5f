// The benchmark's floor: a bare node:http server with postgres.js and nothing else (no framework, no auth, no
// validation). It runs the very statements the portal sent for a scenario (captured through drizzle's logger by
// bench/run.ts and posted here), through the same driver, and answers the same rows as JSON, or as a plain HTML
// table; an export's floor is COPY ... TO STDOUT. Whatever the portal spends beyond this is the portal's own cost.
//   node bench/floor.mjs   (env: BENCH_DATABASE_URL, FLOOR_PORT)
import http from "node:http";
import postgres from "postgres";
import { floorConnection, runStatements } from "./floor-exec.mjs";

const sql = postgres(process.env.BENCH_DATABASE_URL, {
  max: 10,
  onnotice: () => {},
  connection: floorConnection(),
});
/** name → { caller?: [{ text, params }], statements: [{ text, params }], tx?: boolean } (caller: an /api call's own
 * reading of its caller, sent first and outside the scenario's transaction) */
const scenarios = new Map();

const esc = (v) =>
  String(v ?? "").replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

async function run(s) {
  const exec = (q) => runStatements(sql, q, s.statements);
  await runStatements(sql, sql, s.caller ?? []);
  return s.tx ? sql.begin(exec) : exec(sql);
}

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url, "http://floor");
    const [, kind, name] = url.pathname.split("/");
    if (req.method === "POST" && kind === "load") {
      let body = "";
      for await (const chunk of req) body += chunk;
      scenarios.set(name, JSON.parse(body));
      res.writeHead(204).end();
      return;
    }
    if (kind === "rss") {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ rss: process.memoryUsage().rss }));
      return;
    }
    const s = scenarios.get(name);
    if (!s) {
      res.writeHead(404).end();
      return;
    }
    if (kind === "json") {
      const rows = await run(s);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ data: rows, count: rows.length ? Number(rows[0].__n ?? rows.length) : 0 }));
    } else if (kind === "html") {
      const rows = await run(s);
      const cols = rows.length ? Object.keys(rows[0]) : [];
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html><head><title>${esc(name)}</title></head><body><table><thead><tr>${cols
          .map((c) => `<th>${esc(c)}</th>`)
          .join("")}</tr></thead><tbody>${rows
          .map((r) => `<tr>${cols.map((c) => `<td>${esc(r[c])}</td>`).join("")}</tr>`)
          .join("")}</tbody></table></body></html>`,
      );
    } else if (kind === "copy") {
      // COPY (the export's select) TO STDOUT: PostgreSQL writes the CSV, the driver streams it, nothing else.
      const stream = await sql.unsafe(s.copy).readable();
      res.writeHead(200, { "content-type": "text/csv" });
      stream.pipe(res);
    } else {
      res.writeHead(404).end();
    }
  } catch (e) {
    res.writeHead(500, { "content-type": "text/plain" });
    res.end(String(e?.message ?? e));
  }
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.FLOOR_PORT ?? 0), "127.0.0.1", () => {
  console.log(`floor listening ${server.address().port}`);
});
process.on("SIGTERM", () => {
  server.close();
  sql.end({ timeout: 1 }).finally(() => process.exit(0));
});
