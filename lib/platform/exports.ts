import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { postgresUrl } from "./db";
import { bindCaller, settings } from "./rls";
import { giveWay, interactiveBusy, interactiveState } from "./interactive";
import type { Ctx } from "./context";
import { invalid } from "./errors";
import { signPayload, verifyPayload } from "./signed";
import {
  EXPORT_CONTENT_TYPES,
  EXPORT_FORMATS,
  exportChunks,
  type ExportColumn,
  type ExportFormat,
} from "./spreadsheet";

export { EXPORT_FORMATS, type ExportFormat } from "./spreadsheet";

/**
 * An export: its permission is checked by `rows` itself (the domain function), the link only carries the request.
 * `rows` yields batches of rows (iterateListBatches): a step through an async generator per row would cost more
 * than writing the row.
 */
export type ExportDef<Row> = {
  filename: string;
  sheet: string;
  columns: ExportColumn<Row>[];
  rows: (ctx: Ctx, params: URLSearchParams) => AsyncIterable<readonly Row[]>;
  /**
   * The same rows as one statement (permission checked, scope and filters applied), for the export worker. An
   * export that has it, and whose columns are all declared as data, runs off the request thread on PostgreSQL.
   */
  statement?: (ctx: Ctx, params: URLSearchParams) => Promise<ExportStatement>;
};

/**
 * An export's statement: SQL and parameters, the row's field names in the order it selects them, and which of them
 * are timestamps (read as Date).
 */
export type ExportStatement = { sql: string; params: unknown[]; keys: string[]; dates: string[] };

/**
 * e: export, q: its filters (search, trash view, sort), f: the format, u: user, c: company, b: the session or token
 * that asked (Ctx.binding).
 */
type LinkPayload = { e: string; q: string; f?: ExportFormat; u: number; c: number | null; b: string };

/** Links live long enough to open in a new tab, not longer. */
const LINK_TTL_SECONDS = 300;

/** The `format` parameter of an export call: xlsx (the default) or csv; anything else is a 422 on the field. */
export function exportFormatOf(params: URLSearchParams): ExportFormat {
  const f = params.get("format");
  if (f == null || f === "") return "xlsx";
  if ((EXPORT_FORMATS as readonly string[]).includes(f)) return f as ExportFormat;
  throw invalid({ format: `The format must be one of: ${EXPORT_FORMATS.join(", ")}.` });
}

/**
 * The download link an export call answers (opened in a new tab): signed, short-lived, and bound to the user and
 * the browser session or bearer token that asked. Only a request carrying that same live session (the portal's
 * new tab sends its cookie) or token (an /api client sends it) opens it: a link passed on, or kept after a logout,
 * opens nothing. `format=csv` in `params` asks for CSV instead of XLSX; the list's filters, search, trash view and
 * `sort` ride along, the page does not (an export is every row).
 */
export function exportLink(ctx: Ctx, name: string, params: URLSearchParams): string {
  const f = exportFormatOf(params);
  const q = new URLSearchParams(params);
  for (const k of ["page", "rowsPerPage", "format"]) q.delete(k);
  if (!ctx.binding) throw new Error("exportLink: the caller's session or token is unknown");
  const t = signPayload(
    {
      e: name,
      q: q.toString(),
      ...(f === "xlsx" ? {} : { f }),
      u: ctx.userId,
      c: ctx.companyId,
      b: ctx.binding,
    } satisfies LinkPayload,
    LINK_TTL_SECONDS,
  );
  return `/api/download?t=${encodeURIComponent(t)}`;
}

export function readExportLink(token: string | null): LinkPayload | null {
  return verifyPayload<LinkPayload>(token);
}

/** The file name in the format's extension ("users.xlsx" → "users.csv"). */
export function exportFilename(filename: string, format: ExportFormat): string {
  return `${filename.replace(/\.(xlsx|csv)$/i, "")}.${format}`;
}

/**
 * A pull-based body over `chunks`: the next chunk is made only when the reader (the client's socket, through
 * Next's response writer that waits for drain) asks for it, so a slow or stalled client holds the export, and
 * the rows behind it, where they are. Cancelling (the client went away) ends the generator, whose `finally`
 * blocks stop the row source.
 */
export function pullStream(chunks: AsyncGenerator<Buffer>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const n = await chunks.next();
          if (n.done) controller.close();
          else controller.enqueue(new Uint8Array(n.value.buffer, n.value.byteOffset, n.value.byteLength));
        } catch (e) {
          controller.error(e);
        }
      },
      async cancel() {
        await chunks.return(undefined);
      },
    },
    // Nothing is made ahead of a read.
    { highWaterMark: 0 },
  );
}

/** Rows fetched ahead of the writer (a batch or two), so the next batch's query runs while this one is written. */
const READ_AHEAD = 1000;
/** Rows handed to the writer at a time: the event loop is let go between slices. */
const SLICE_ROWS = 100;
/** The longest the writer keeps the event loop before letting other requests' I/O through. */
const SLICE_MS = 1;

/**
 * The batches of an export as the writer takes them, in slices of SLICE_ROWS: at most about `ahead` rows fetched
 * before they are asked for (bounded, so a stalled client still holds the export), the event loop let go every
 * SLICE_MS so an export shares the thread with the requests around it, and both the fetching and the writing
 * paused while interactive requests run (giveWay). Ending early stops the source.
 */
async function* paced<T>(
  first: IteratorResult<readonly T[]>,
  src: AsyncIterator<readonly T[]>,
  ahead: number,
): AsyncGenerator<readonly T[]> {
  if (first.done) return;
  const queue: (readonly T[])[] = [first.value];
  let queued = first.value.length;
  let finished = false;
  let stopped = false;
  let failure: { e: unknown } | null = null;
  // Who waits: the writer for a batch (wake), the pump for room in the queue (room).
  const waiting: { wake?: () => void; room?: () => void } = {};
  const signal = () => {
    waiting.wake?.();
    waiting.wake = undefined;
  };
  const pump = (async () => {
    try {
      while (!stopped) {
        if (queued >= ahead) {
          await new Promise<void>((r) => (waiting.room = r));
          continue;
        }
        if (interactiveBusy()) await giveWay();
        const n = await src.next();
        if (n.done) break;
        queue.push(n.value);
        queued += n.value.length;
        signal();
      }
    } catch (e) {
      failure = { e };
    }
    finished = true;
    signal();
  })();
  try {
    let last = performance.now();
    for (;;) {
      const batch = queue.shift();
      if (!batch) {
        if (failure) throw (failure as { e: unknown }).e;
        if (finished) return;
        await new Promise<void>((r) => (waiting.wake = r));
        continue;
      }
      queued -= batch.length;
      waiting.room?.();
      waiting.room = undefined;
      for (let i = 0; i < batch.length; i += SLICE_ROWS) {
        yield i === 0 && batch.length <= SLICE_ROWS ? batch : batch.slice(i, i + SLICE_ROWS);
        if (performance.now() - last > SLICE_MS) {
          await new Promise((r) => setImmediate(r));
          if (interactiveBusy()) await giveWay();
          last = performance.now();
        }
      }
    }
  } finally {
    stopped = true;
    waiting.room?.();
    await pump;
    await src.return?.();
  }
}

/**
 * Streams an export as XLSX or CSV: the first rows are fetched before answering, so a refused export answers its
 * error status; the rest is pulled as the client reads. On PostgreSQL an export with a statement and columns
 * declared as data runs in a worker thread (runInWorker); otherwise here, giving way to requests (paced).
 */
export async function streamExport<Row>(
  ctx: Ctx,
  def: ExportDef<Row>,
  params: URLSearchParams,
  format: ExportFormat = "xlsx",
  o: { maxRowsPerSheet?: number } = {},
): Promise<Response> {
  const headers = {
    "content-type": EXPORT_CONTENT_TYPES[format],
    "content-disposition": `attachment; filename="${exportFilename(def.filename, format)}"`,
    "cache-control": "no-store",
  };
  const url = def.statement && def.columns.every((c) => c.field) ? await postgresUrl() : null;
  if (url) {
    const statement = await def.statement!(ctx, params); // throws 403 before any byte is sent
    bindCaller(ctx);
    const body = await runInWorker({
      url,
      rls: [...settings()],
      ...statement,
      columns: def.columns.map(({ header, field, labels, otherwise, format, width }) => ({
        header,
        field,
        labels,
        otherwise,
        format,
        width,
      })),
      format,
      sheet: def.sheet,
      maxRowsPerSheet: o.maxRowsPerSheet,
    });
    return new Response(body, { headers });
  }
  const it = def.rows(ctx, params)[Symbol.asyncIterator]();
  const first = await it.next(); // throws 403 before any byte is sent
  const all = paced(first, it, READ_AHEAD);
  const chunks = exportChunks(format, { sheet: def.sheet, columns: def.columns, rows: all, ...o });
  return new Response(pullStream(chunks), { headers });
}

// ---------------------------------------------------------------------------------------------------------------
// The export worker (export-worker.mjs): plain JavaScript, loaded from the project folder at run time.

type WorkerJob = ExportStatement & {
  url: string;
  /** The caller's row-level security settings: [app.company_id, app.user_id, app.platform]. */
  rls: string[];
  columns: {
    header: string;
    field?: string;
    labels?: object;
    otherwise?: string;
    format?: "duration";
    width?: number;
  }[];
  format: ExportFormat;
  sheet: string;
  maxRowsPerSheet?: number;
};
type WorkerMessage =
  | { type: "ready" }
  | { type: "end" }
  | { type: "chunk"; data: Uint8Array }
  | { type: "error"; message: string };

const WORKER_FILE = path.join(process.cwd(), "lib", "platform", "export-worker.mjs");
/** Rows per cursor fetch in the worker. */
const WORKER_BATCH = 1000;
/** Chunks (about 64 KB of sheet XML or CSV each) the worker may write ahead of the reader. */
const WORKER_WINDOW = 4;
/**
 * Exports running at once in this process; more wait for a slot. Each worker is a thread with its own heap
 * (capped below) and its own database connection.
 */
const MAX_WORKERS = Number(process.env.EXPORT_WORKERS ?? 4);
/** Heap caps of one worker: it holds a batch or two and a few chunks, far below these. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 };

const slots = { busy: 0, waiting: [] as (() => void)[] };
async function takeSlot(): Promise<() => void> {
  if (slots.busy >= MAX_WORKERS) await new Promise<void>((r) => slots.waiting.push(r));
  else slots.busy++;
  let freed = false;
  return () => {
    if (freed) return;
    freed = true;
    const next = slots.waiting.shift();
    if (next) next();
    else slots.busy--;
  };
}

/**
 * Runs an export job in a worker thread and answers its bytes as a stream, once the worker has its first rows
 * (a failing statement is a 500 here, not a broken file). The reader's pace is the worker's: each chunk read
 * grants the worker one more; cancelling (the client went away) stops the worker and its query.
 */
async function runInWorker(job: WorkerJob): Promise<ReadableStream<Uint8Array>> {
  const free = await takeSlot();
  const worker = new Worker(WORKER_FILE, {
    workerData: { ...job, batch: WORKER_BATCH, credit: WORKER_WINDOW, interactive: interactiveState() },
    resourceLimits: WORKER_LIMITS,
  });
  const queue: WorkerMessage[] = [];
  let arrived: (() => void) | null = null;
  let failed: Error | null = null;
  const ended = () => {
    free();
    void worker.terminate();
  };
  worker.on("message", (m: WorkerMessage) => {
    queue.push(m);
    arrived?.();
  });
  worker.on("error", (e) => {
    failed = e;
    arrived?.();
  });
  worker.on("exit", () => {
    free();
    failed ??= new Error("the export worker stopped");
    arrived?.();
  });
  const next = async (): Promise<WorkerMessage> => {
    while (!queue.length) {
      if (failed) return { type: "error", message: failed.message };
      await new Promise<void>((r) => (arrived = r));
      arrived = null;
    }
    return queue.shift()!;
  };
  const first = await next();
  if (first.type !== "ready") {
    ended();
    // A server error (errorResponse logs it and answers 500 without the detail).
    throw new Error(`export worker: ${first.type === "error" ? first.message : first.type}`);
  }
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const m = await next();
        if (m.type === "chunk") {
          worker.postMessage({ credit: 1 });
          controller.enqueue(m.data);
        } else if (m.type === "end") {
          ended();
          controller.close();
        } else {
          ended();
          console.error("[export]", m.type === "error" ? m.message : m.type);
          controller.error(new Error("The export stopped."));
        }
      },
      cancel() {
        ended();
      },
    },
    { highWaterMark: 0 },
  );
}
