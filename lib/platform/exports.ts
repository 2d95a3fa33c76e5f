import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { postgresUrl } from "./db";
import { settingsFor } from "./rls";
import { giveWay, interactiveBusy, interactiveState } from "./interactive";
import type { Ctx } from "./context";
import { AppError, invalid } from "./errors";
import { TooManyRequests } from "./rate-limit";
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
 * declared as data runs in a worker thread (workerSource); otherwise here, giving way to requests (paced).
 *
 * Every export holds one of the process's export slots from before its first rows until its body ends (takeSlot:
 * a few at once, at most EXPORT_SLOTS_PER_USER per user, a bounded queue). `request` is the request answered (or
 * `signal` an abort signal): a client that leaves while queued never starts, and one that leaves while reading
 * ends the export at once. A body nobody reads for EXPORT_IDLE_SECONDS ends too (guardedStream), so no client holds
 * a slot for longer than that.
 *
 * The request itself is kept until the export ends, not only its signal: a Request's signal follows the server's
 * through a weak reference (undici), so once the Request is garbage collected its signal never aborts.
 */
export async function streamExport<Row>(
  ctx: Ctx,
  def: ExportDef<Row>,
  params: URLSearchParams,
  format: ExportFormat = "xlsx",
  o: { maxRowsPerSheet?: number; signal?: AbortSignal; request?: Request } = {},
): Promise<Response> {
  const { maxRowsPerSheet, request } = o;
  const signal = o.signal ?? request?.signal;
  const headers = {
    "content-type": EXPORT_CONTENT_TYPES[format],
    "content-disposition": `attachment; filename="${exportFilename(def.filename, format)}"`,
    "cache-control": "no-store",
  };
  const url = def.statement && def.columns.every((c) => c.field) ? await postgresUrl() : null;
  // The worker's statement checks the permission: a 403 before a slot is taken or a byte is sent.
  const statement = url ? await def.statement!(ctx, params) : null;
  const limits = exportLimits();
  const release = await takeSlot(ctx.userId, signal, request);
  let source: ChunkSource;
  try {
    source =
      url && statement
        ? await workerSource(
            {
              url,
              rls: settingsFor(ctx),
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
              maxRowsPerSheet,
            },
            limits.idleMs,
            signal,
          )
        : await inProcessSource(ctx, def, params, format, maxRowsPerSheet); // throws 403 before any byte is sent
    if (signal?.aborted) {
      await source.stop();
      throw exportCancelled();
    }
  } catch (e) {
    release();
    throw e;
  }
  return new Response(guardedStream(source, release, signal, limits, request), { headers });
}

// ---------------------------------------------------------------------------------------------------------------
// Export slots: how many exports run at once, whose, and how long a client may hold one.

/**
 * The limits, read from the environment at each export (tests change them):
 * - running (EXPORT_WORKERS, 4): exports running at once in this process, worker threads and in-process alike.
 *   Each worker is a thread with its own heap (capped below) and its own database connection.
 * - perUser (EXPORT_SLOTS_PER_USER, 2): one user's exports running or queued; beyond, 429.
 * - queue (EXPORT_QUEUE, 16): exports waiting for a slot; beyond, 429 for everyone until one starts.
 * - waitMs (EXPORT_QUEUE_WAIT_SECONDS, 30): the longest an export waits in the queue; then 429.
 * - idleMs (EXPORT_IDLE_SECONDS, 30): a running export whose client takes nothing for this long ends (its worker,
 *   cursor and connection with it) and frees its slot. 0 turns it off.
 * - maxMs (EXPORT_MAX_SECONDS, 1800): the longest an export runs, however its client reads (a client that reads a
 *   trickle holds its slot no longer than this). 0 turns it off.
 */
export function exportLimits() {
  const read = (name: string, fallback: number) => {
    const v = process.env[name];
    const n = v == null || v === "" ? NaN : Number(v);
    return Number.isFinite(n) && n >= 0 ? n : fallback;
  };
  return {
    running: Math.max(1, Math.floor(read("EXPORT_WORKERS", 4))),
    perUser: Math.max(1, Math.floor(read("EXPORT_SLOTS_PER_USER", 2))),
    queue: Math.floor(read("EXPORT_QUEUE", 16)),
    waitMs: read("EXPORT_QUEUE_WAIT_SECONDS", 30) * 1000,
    idleMs: read("EXPORT_IDLE_SECONDS", 30) * 1000,
    maxMs: read("EXPORT_MAX_SECONDS", 1800) * 1000,
  };
}

/** The Retry-After of a refused export: about the time a stalled export takes to be ended, or a queue to move. */
const RETRY_AFTER_SECONDS = 10;

/** The client went away before its export started: nobody reads this answer (400, so no server error is logged). */
const exportCancelled = () => new AppError(400, "The download was cancelled.");

type Waiting = { grant: () => void; keep?: unknown };
const slots = { running: 0, queue: [] as Waiting[], byUser: new Map<number, number>() };

/** How many exports run and wait now (for tests and diagnostics). */
export function exportSlots(): { running: number; queued: number } {
  return { running: slots.running, queued: slots.queue.length };
}

function countDown(user: number) {
  const n = (slots.byUser.get(user) ?? 1) - 1;
  if (n > 0) slots.byUser.set(user, n);
  else slots.byUser.delete(user);
}

/**
 * A slot for one export of `user`, answered as its release (idempotent): at once when one is free, else after
 * the exports queued before it (first come, first served). Refused with 429 and Retry-After when the user already
 * has `perUser` exports running or queued, when the queue is full, or after `waitMs` in the queue; a client that
 * leaves (signal) leaves the queue at once.
 */
async function takeSlot(user: number, signal?: AbortSignal, keep?: unknown): Promise<() => void> {
  if (signal?.aborted) throw exportCancelled();
  const l = exportLimits();
  const mine = slots.byUser.get(user) ?? 0;
  if (mine >= l.perUser)
    throw new TooManyRequests(
      RETRY_AFTER_SECONDS,
      `You already have ${mine} export${mine === 1 ? "" : "s"} running or waiting to start. Wait for one to finish, then try again.`,
    );
  const free = slots.running < l.running;
  if (!free && slots.queue.length >= l.queue)
    throw new TooManyRequests(
      RETRY_AFTER_SECONDS,
      `Too many exports are running right now. Try again in ${RETRY_AFTER_SECONDS} seconds.`,
    );
  slots.byUser.set(user, mine + 1);
  let freed = false;
  const release = () => {
    if (freed) return;
    freed = true;
    countDown(user);
    // The slot passes to the first in the queue, or is given back.
    const next = slots.queue.shift();
    if (next) next.grant();
    else slots.running--;
  };
  if (free) {
    slots.running++;
    return release;
  }
  try {
    await new Promise<void>((resolve, reject) => {
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener("abort", onAbort);
      };
      const entry: Waiting = {
        grant: () => {
          cleanup();
          resolve();
        },
        // The signal's owner, alive while this waits (see streamExport).
        keep,
      };
      const leave = (e: Error) => {
        const i = slots.queue.indexOf(entry);
        if (i >= 0) slots.queue.splice(i, 1);
        cleanup();
        reject(e);
      };
      const onAbort = () => leave(exportCancelled());
      const timer = setTimeout(
        () =>
          leave(
            new TooManyRequests(
              RETRY_AFTER_SECONDS,
              `Too many exports are running right now. Try again in ${RETRY_AFTER_SECONDS} seconds.`,
            ),
          ),
        l.waitMs,
      );
      signal?.addEventListener("abort", onAbort, { once: true });
      slots.queue.push(entry);
    });
  } catch (e) {
    // Never granted: only the user's count goes back.
    freed = true;
    countDown(user);
    throw e;
  }
  return release;
}

/** An export's bytes, pulled one chunk at a time (null at the end); `stop` ends it early and frees what it holds. */
type ChunkSource = { next: () => Promise<Uint8Array | null>; stop: () => Promise<void> | void };

/**
 * The body of an export: pull-based (the next chunk is made only when the reader, the client's socket through
 * Next's response writer that waits for drain, asks for it), so a slow client holds the export, and the rows behind
 * it, where they are. The slot is released when the body ends, fails, or is cancelled (the client went away), when
 * `signal` aborts (the request's: the client left, even if Next never started reading the body), when nobody has
 * asked for a chunk for `idleMs` (a client that stalls, or a body nobody reads), and after `maxMs` in all; the last
 * three error the body, so the response is cut off rather than ended as if complete.
 */
function guardedStream(
  source: ChunkSource,
  release: () => void,
  signal: AbortSignal | undefined,
  { idleMs, maxMs }: { idleMs: number; maxMs: number },
  keep?: unknown,
): ReadableStream<Uint8Array> {
  let over = false;
  // The signal's owner (the request), alive until the body ends (see streamExport).
  const held = { keep };
  let idle: ReturnType<typeof setTimeout> | undefined;
  let lifetime: ReturnType<typeof setTimeout> | undefined;
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  // The source's stop, once begun (a cancel waits for it: the row source has ended when the cancel resolves).
  let stopped: Promise<void> = Promise.resolve();
  const finish = () => {
    if (over) return false;
    over = true;
    held.keep = undefined;
    clearTimeout(idle);
    clearTimeout(lifetime);
    signal?.removeEventListener("abort", onAbort);
    stopped = Promise.resolve()
      .then(() => source.stop())
      .catch(() => {});
    release();
    return true;
  };
  const fail = (message: string) => {
    if (finish()) controller?.error(new Error(message));
  };
  const onAbort = () => fail("The client left: the export was stopped.");
  const arm = () => {
    if (idleMs <= 0) return;
    idle = setTimeout(() => fail(`Nothing was read for ${idleMs / 1000} s: the export was stopped.`), idleMs);
    idle.unref?.();
  };
  return new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
        if (signal?.aborted) return onAbort();
        signal?.addEventListener("abort", onAbort, { once: true });
        arm();
        if (maxMs > 0) {
          lifetime = setTimeout(
            () => fail(`The export ran for ${maxMs / 1000} s, the longest allowed: it was stopped.`),
            maxMs,
          );
          lifetime.unref?.();
        }
      },
      async pull(c) {
        // A reader is waiting: not idle until it has its chunk.
        clearTimeout(idle);
        if (over) return;
        try {
          const chunk = await source.next();
          if (over) return;
          if (chunk) {
            c.enqueue(chunk);
            arm();
          } else {
            finish();
            c.close();
          }
        } catch (e) {
          if (finish()) c.error(e);
        }
      },
      async cancel() {
        finish();
        await stopped;
      },
    },
    // Nothing is made ahead of a read.
    { highWaterMark: 0 },
  );
}

/** The in-process path: the export's own row source, paced, written here. Ending early stops the source. */
async function inProcessSource<Row>(
  ctx: Ctx,
  def: ExportDef<Row>,
  params: URLSearchParams,
  format: ExportFormat,
  maxRowsPerSheet: number | undefined,
): Promise<ChunkSource> {
  const it = def.rows(ctx, params)[Symbol.asyncIterator]();
  const first = await it.next(); // throws 403 before any byte is sent
  const rows = paced(first, it, READ_AHEAD);
  const chunks = exportChunks(format, { sheet: def.sheet, columns: def.columns, rows, maxRowsPerSheet });
  return {
    async next() {
      const n = await chunks.next();
      return n.done ? null : new Uint8Array(n.value.buffer, n.value.byteOffset, n.value.byteLength);
    },
    async stop() {
      // The generators' `finally` blocks stop the row source; one never started still has `it` to end.
      await chunks.return(undefined);
      await it.return?.();
    },
  };
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
/** Heap caps of one worker: it holds a batch or two and a few chunks, far below these. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16 };
/**
 * The worker ends itself when it has had no credit this much longer than the idle limit: a backstop, should this
 * thread fail to stop it (it is terminated at the idle limit itself).
 */
const WORKER_IDLE_GRACE_MS = 5000;

/**
 * Starts an export job in a worker thread and answers its chunks once the worker has its first rows (a failing
 * statement is a 500 here, not a broken file; a client that leaves meanwhile stops it). The reader's pace is the
 * worker's: each chunk taken grants the worker one more; `stop` terminates it, which closes its cursor and
 * connection.
 */
async function workerSource(job: WorkerJob, idleMs: number, signal?: AbortSignal): Promise<ChunkSource> {
  const worker = new Worker(WORKER_FILE, {
    workerData: {
      ...job,
      batch: WORKER_BATCH,
      credit: WORKER_WINDOW,
      interactive: interactiveState(),
      idleMs: idleMs > 0 ? idleMs + WORKER_IDLE_GRACE_MS : 0,
    },
    resourceLimits: WORKER_LIMITS,
  });
  const queue: WorkerMessage[] = [];
  let arrived: (() => void) | null = null;
  let failed: Error | null = null;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
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
  signal?.addEventListener("abort", stop, { once: true });
  let first: WorkerMessage;
  try {
    first = await next();
  } finally {
    signal?.removeEventListener("abort", stop);
  }
  if (signal?.aborted) {
    stop();
    throw exportCancelled();
  }
  if (first.type !== "ready") {
    stop();
    // A server error (errorResponse logs it and answers 500 without the detail).
    throw new Error(`export worker: ${first.type === "error" ? first.message : first.type}`);
  }
  return {
    async next() {
      const m = await next();
      if (stopped) return null;
      if (m.type === "chunk") {
        worker.postMessage({ credit: 1 });
        return m.data;
      }
      stop();
      if (m.type === "end") return null;
      console.error("[export]", m.type === "error" ? m.message : m.type);
      throw new Error("The export stopped.");
    },
    stop,
  };
}
