import "server-only";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { PdfVerdict } from "./pdf-inspect.mjs";

/**
 * Uploaded PDFs are parsed (pdf-lib) and refused when they carry active content: scripts, actions that run on
 * opening or on an event, launched programs, attached files, rich media, XFA forms, form submission or import
 * (/JS, /JavaScript, /OpenAction, /AA, /Launch, /EmbeddedFile(s), /RichMedia, /XFA, /SubmitForm, /ImportData). A PDF
 * is kept byte for byte once accepted, so whatever it carries reaches whoever opens it. Encrypted and unreadable
 * PDFs are refused too: what cannot be read cannot be checked.
 *
 * The check (pdf-inspect.mjs, which says how it looks) runs in a worker thread: pdf-lib parses synchronously, and a
 * crafted 10 MB file holds a core for seconds. The worker has a heap cap and a time limit (terminated beyond it), at
 * most two checks run at once (others wait their turn), and a worker is kept a minute for the next upload, so uploads
 * cannot stall the server's other requests.
 */

export const PDF_ACTIVE_CONTENT = "The document may not contain scripts, actions or attached files.";
export const PDF_ENCRYPTED = "The document is password-protected or encrypted: upload it without a password.";
export const PDF_UNREADABLE = "The document could not be read as a PDF: it may be damaged.";
export const PDF_TOO_COMPLEX =
  "The document has too many parts to be checked: save or scan it again as a simpler PDF and upload that.";

const MESSAGES: Record<Exclude<PdfVerdict, null>, string> = {
  active: PDF_ACTIVE_CONTENT,
  encrypted: PDF_ENCRYPTED,
  unreadable: PDF_UNREADABLE,
  "too-complex": PDF_TOO_COMPLEX,
};

const WORKER_FILE = path.join(process.cwd(), "lib", "platform", "pdf-check-worker.mjs");
/** A check's time, from the worker's start (a 5.7 MB PDF of 10,000 objects takes ~1.5 s here). */
export const PDF_CHECK_MS = 15_000;
/** Heap caps of one check: pdf-lib's objects for the largest accepted document stay well below. */
const WORKER_LIMITS = { maxOldGenerationSizeMb: 384, maxYoungGenerationSizeMb: 32 };
/** Checks running at once in this process (each in its own worker). */
const CONCURRENT_CHECKS = 2;
/** An idle worker (pdf-lib loaded, ~0.3 s of CPU to start) is kept this long for the next upload. */
const IDLE_MS = 60_000;

let running = 0;
const waiting: (() => void)[] = [];
const idle: { worker: Worker; timer: NodeJS.Timeout; onExit: () => void }[] = [];

/** Runs `run` when fewer than CONCURRENT_CHECKS checks are running; others wait their turn, first come first. */
async function turn<T>(run: () => Promise<T>): Promise<T> {
  if (running >= CONCURRENT_CHECKS) await new Promise<void>((r) => waiting.push(r));
  else running += 1;
  try {
    return await run();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  }
}

function takeWorker(): Worker {
  const kept = idle.pop();
  if (kept) {
    clearTimeout(kept.timer);
    kept.worker.off("exit", kept.onExit);
    return kept.worker;
  }
  const worker = new Worker(WORKER_FILE, { resourceLimits: WORKER_LIMITS });
  worker.unref(); // an idle worker does not keep the process alive
  return worker;
}

function keepWorker(worker: Worker) {
  const drop = () => {
    const at = idle.findIndex((k) => k.worker === worker);
    if (at >= 0) idle.splice(at, 1);
  };
  // A kept worker that exits (it should not) leaves the pool; one idle too long is ended.
  const onExit = () => {
    clearTimeout(timer);
    drop();
  };
  const timer = setTimeout(() => {
    drop();
    worker.off("exit", onExit);
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  worker.once("exit", onExit);
  idle.push({ worker, timer, onExit });
}

/**
 * The worker's verdict on one PDF. A check that runs out of time or memory is "too-complex", and its worker is
 * terminated; a worker that fails otherwise answers "unreadable" (fail closed, and logged).
 */
function check(buf: Buffer, timeoutMs: number): Promise<PdfVerdict> {
  return new Promise((resolve) => {
    const worker = takeWorker();
    let settled = false;
    const done = (v: PdfVerdict, reusable = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      worker.off("message", onMessage).off("error", onError).off("exit", onExit);
      if (reusable) keepWorker(worker);
      else void worker.terminate();
      resolve(v);
    };
    const onMessage = (m: { verdict?: PdfVerdict; error?: string }) => {
      if (m.error !== undefined) console.error("[pdf-check]", m.error);
      done(m.error !== undefined ? "unreadable" : (m.verdict ?? null), true);
    };
    const onError = (e: Error & { code?: string }) => {
      if (e.code !== "ERR_WORKER_OUT_OF_MEMORY") console.error("[pdf-check]", e);
      done(e.code === "ERR_WORKER_OUT_OF_MEMORY" ? "too-complex" : "unreadable");
    };
    const onExit = () => done("unreadable");
    const timer = setTimeout(() => done("too-complex"), timeoutMs);
    worker.on("message", onMessage).on("error", onError).on("exit", onExit);
    // A copy of the bytes, handed over (transferred) rather than copied again.
    const bytes = new Uint8Array(buf);
    worker.postMessage({ bytes }, [bytes.buffer]);
  });
}

/** Why a PDF is refused (one of the messages above), or null when it may be stored. */
export async function inspectPdf(buf: Buffer, timeoutMs = PDF_CHECK_MS): Promise<string | null> {
  const verdict = await turn(() => check(buf, timeoutMs));
  return verdict === null ? null : MESSAGES[verdict];
}
