// The server's log (issue 24): pino, one JSON line per event on stdout (pretty in development only), and the request
// each line belongs to. Plain JavaScript: the portal's server (scripts/server.mjs) runs it before Next, and the app
// shares the same logger and request store through globalThis, so every line of one process goes one way.
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { format } from "node:util";
import pino from "pino";

const g = globalThis;

/** Never logged, wherever they appear in an object handed to the logger. */
const REDACT = [
  "password",
  "token",
  "code",
  "secret",
  "authorization",
  "cookie",
  "*.password",
  "*.token",
  "*.code",
  "*.secret",
  "*.authorization",
  "*.cookie",
];

function createLogger() {
  const level = process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "warn" : "info");
  const options = {
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT, censor: "[redacted]" },
    formatters: { level: (label) => ({ level: label }) },
  };
  if (process.env.NODE_ENV === "development") {
    // pino-pretty is a development dependency: a production install has none, and logs JSON.
    try {
      const pretty = createRequire(import.meta.url)("pino-pretty");
      return pino(
        options,
        pretty({ colorize: true, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" }),
      );
    } catch {
      /* JSON below */
    }
  }
  // A production server writes its lines without waiting for them (sonic-boom hands each write to the thread pool):
  // a synchronous write to stdout was the access line's whole cost, ~0.5 ms of the event loop per request in a CPU
  // profile of GET /api/users (the bare Next floor logs nothing). pino flushes what is pending when the process exits.
  if (process.env.NODE_ENV === "production") return pino(options, pino.destination({ dest: 1, sync: false }));
  return pino(options);
}

/** The process's logger. */
export function getLogger() {
  g.__portalLogger ??= createLogger();
  return g.__portalLogger;
}

/** @type {AsyncLocalStorage<{ id: string; userId?: number | null; companyId?: number | null; dbUnavailable?: boolean }>} */
const store = (g.__portalRequests ??= new AsyncLocalStorage());

/** The request this code runs for (its id; who it turned out to be), or undefined outside one. */
export function currentRequest() {
  return store.getStore();
}

/** Runs `fn` as the request `state` (scripts/server.mjs, for each request it receives). */
export function runRequest(state, fn) {
  return store.run(state, fn);
}

/** A request id a client or proxy may hand over: short and plain, so it cannot forge log lines. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The id of a request: the trusted proxy's `x-request-id` when it sent a plain one, else a new UUID. */
export function requestIdOf(header, fromTrustedProxy) {
  const given = Array.isArray(header) ? header[0] : header;
  return fromTrustedProxy && typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Records who the current request's caller is (its access line names them). */
export function noteCaller(userId, companyId) {
  const r = store.getStore();
  if (!r) return;
  r.userId = userId ?? null;
  r.companyId = companyId ?? null;
}

/**
 * Sends console.error/warn/info/log through the logger, one JSON line each (Next's own error reports included), with
 * the request's id when there is one; an Error among the arguments keeps its stack in `err`.
 */
export function routeConsole() {
  if (g.__portalConsoleRouted) return;
  g.__portalConsoleRouted = true;
  const log = getLogger();
  const route =
    (level) =>
    (...args) => {
      const err = args.find((a) => a instanceof Error);
      const rest = args.filter((a) => a !== err);
      const reqId = store.getStore()?.id;
      const fields = { ...(reqId ? { reqId } : {}), ...(err ? { err } : {}) };
      log[level](fields, rest.length ? format(...rest) : (err?.message ?? ""));
    };
  console.error = route("error");
  console.warn = route("warn");
  console.info = route("info");
  console.log = route("info");
}
