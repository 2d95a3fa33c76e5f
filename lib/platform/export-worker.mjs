// One export, off the request thread (started by lib/platform/exports.ts on PostgreSQL).
//
// The request thread builds the list's statement (permission, company scope, filters, search, order) and hands it
// here with the columns as data. This thread opens its own connection, reads the rows through a cursor (one
// statement, one snapshot, batches of `batch` rows), makes the cells and writes CSV or XLSX, and posts the bytes
// back. It runs at the lowest CPU priority, so the requests on the main thread come first, and inside the heap
// limits its parent sets, so a million rows cannot grow the process.
//
// Backpressure: the parent grants `credit` chunks at a time (a window, then one for each chunk its reader takes);
// without credit nothing more is written, so nothing more is fetched. Plain JavaScript: it runs outside the bundle.
//
// It also gives way, like the in-process path, to the /api calls in flight and the pages just begun on the main
// thread (lib/platform/interactive.ts shares them in `interactive`): before each fetch and each chunk it waits
// while they run, at most 50 ms at a time, so its cursor's database work does not compete with them either.
//
// workerData: { url, rls, sql, params, keys, dates, columns: [{ header, field, labels?, otherwise?, width? }], format, sheet,
//               maxRowsPerSheet?, batch, credit, interactive? (SharedArrayBuffer), idleMs? }
//
// No reader: the parent terminates this thread when its client leaves or takes nothing for a while; as a backstop,
// a thread that has waited `idleMs` for credit ends itself (0: never).
// posts:      { type: "ready" } after the first batch, { type: "chunk", data }, { type: "end" },
//             { type: "error", message }
import { setPriority } from "node:os";
import { parentPort, workerData } from "node:worker_threads";
import postgres from "postgres";
import { csvChunks } from "./csv-writer.mjs";
import { cellReader } from "./export-cells.mjs";
import { xlsxChunks } from "./xlsx-writer.mjs";

const job = workerData;
const port = /** @type {import("node:worker_threads").MessagePort} */ (parentPort);

// Linux keeps a nice value per thread: this lowers this thread only (and what it starts), not the process.
try {
  setPriority(19);
} catch {
  /* not allowed here: the export still runs, at normal priority */
}

const inFlight = job.interactive ? new Int32Array(job.interactive, 0, 1) : null;
const until = job.interactive ? new Float64Array(job.interactive, 8, 1) : null;
const busy = () => !!inFlight && (Atomics.load(inFlight, 0) > 0 || Date.now() < until[0]);
/** Waits while the main thread serves requests, at most `maxMs` (requests slow an export, never stop it). */
async function giveWay(maxMs = 50) {
  const started = Date.now();
  while (busy() && Date.now() - started < maxMs) await new Promise((r) => setTimeout(r, 1));
}

let credit = job.credit ?? 4;
let stopped = false;
/** @type {(() => void) | null} */
let wake = null;
port.on("message", (m) => {
  if (m.credit) credit += m.credit;
  if (m.stop) stopped = true;
  wake?.();
  wake = null;
});

const sql = postgres(job.url, {
  max: 1,
  onnotice: () => {},
  // As the app's pool: the role row-level security applies to, with the caller's settings (lib/platform/rls.ts).
  connection: { application_name: "portal export", role: "portal_app" },
});
// As drizzle's postgres-js driver sets up the app's own client: date and time values travel as PostgreSQL's text,
// both ways, so the statement's parameters mean here what they meant there; the fields drizzle reads as Date
// (`job.dates`) are turned into Date below, as its timestamp columns do.
const transparent = (x) => x;
for (const type of ["1184", "1082", "1083", "1114", "1182", "1185", "1115", "1231"]) {
  sql.options.parsers[type] = transparent;
  sql.options.serializers[type] = transparent;
}
sql.options.serializers["114"] = transparent;
sql.options.serializers["3802"] = transparent;

/**
 * Waits for credit; false when stopped, or when none came for `idleMs` (the parent's reader is gone and the parent
 * did not stop this thread: it ends itself, closing its cursor and connection).
 */
async function creditOrIdle() {
  const idleMs = job.idleMs ?? 0;
  const started = Date.now();
  while (credit <= 0 && !stopped) {
    const left = idleMs > 0 ? idleMs - (Date.now() - started) : Infinity;
    if (left <= 0) {
      port.postMessage({ type: "error", message: `no reader for ${Math.round(idleMs / 1000)} s` });
      return false;
    }
    let timer = null;
    await new Promise((r) => {
      wake = r;
      if (left !== Infinity) timer = setTimeout(r, left);
    });
    clearTimeout(timer);
    wake = null;
  }
  return !stopped;
}

/** The rows as batches of cell arrays, in the columns' order. */
async function* cellBatches(cursor) {
  const readers = job.columns.map((c) => {
    const i = job.keys.indexOf(c.field);
    if (i < 0) throw new Error(`export column "${c.header}": the list has no field "${c.field}"`);
    if (job.dates?.includes(c.field))
      return cellReader(c, (row) => (row[i] == null ? null : new Date(row[i])));
    return cellReader(c, (row) => row[i]);
  });
  const width = readers.length;
  for await (const rows of cursor) {
    if (busy()) await giveWay();
    const out = new Array(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r];
      const cells = new Array(width);
      for (let c = 0; c < width; c++) cells[c] = readers[c](row);
      out[r] = cells;
    }
    yield out;
  }
}

async function run() {
  // Session-wide on this worker's own single connection, which ends with the export.
  await sql.unsafe(
    "select set_config('app.company_id', $1, false), set_config('app.user_id', $2, false), set_config('app.platform', $3, false)",
    job.rls ?? ["", "", ""],
  );
  const cursor = sql
    .unsafe(job.sql, job.params)
    .values()
    .cursor(job.batch ?? 1000)
    [Symbol.asyncIterator]();
  // The first batch before the first byte: a failing statement is an error answer, not a broken file.
  const first = await cursor.next();
  port.postMessage({ type: "ready" });
  const rows = {
    [Symbol.asyncIterator]() {
      let pending = first;
      return {
        next: () => {
          if (pending) {
            const n = pending;
            pending = null;
            return Promise.resolve(n);
          }
          return cursor.next();
        },
        return: async () => {
          await cursor.return?.();
          return { done: true, value: undefined };
        },
      };
    },
  };
  const header = job.columns.map((c) => c.header);
  const chunks =
    job.format === "csv"
      ? csvChunks(cellBatches(rows), header)
      : xlsxChunks(cellBatches(rows), {
          sheet: job.sheet,
          header,
          widths: job.columns.map((c) => c.width),
          maxRowsPerSheet: job.maxRowsPerSheet,
        });
  for await (const chunk of chunks) {
    if (!(await creditOrIdle())) return;
    if (busy()) await giveWay();
    credit--;
    port.postMessage({ type: "chunk", data: chunk });
  }
  port.postMessage({ type: "end" });
}

try {
  await run();
} catch (e) {
  port.postMessage({ type: "error", message: e instanceof Error ? e.message : String(e) });
} finally {
  await sql.end({ timeout: 1 }).catch(() => {});
  port.close();
}
