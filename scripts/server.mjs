#!/usr/bin/env node
// The portal's production server: Next's request handler behind node:http, so the client address is taken from the
// socket (and from X-Forwarded-For only through TRUSTED_PROXIES) and handed to the app as `x-client-address`.
// Whatever a client sends in that header is replaced, and its X-Forwarded-* headers are dropped unless the socket's
// peer is a trusted proxy (scripts/client-address.mjs prepareHeaders). Used by `npm start` and the browser tests'
// server.
import { AsyncLocalStorage } from "node:async_hooks";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import next from "next";
import { isTrustedPeer, prepareHeaders, trustedProxies } from "./client-address.mjs";
import { getLogger, requestIdOf, routeConsole, runRequest } from "../lib/platform/logger.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const port = Number(process.env.PORT ?? 3000);
// HOSTNAME (Next's own name for it), HOST or BIND_HOST: the interface to listen on (all, IPv4 and IPv6, by default).
const bindHost = process.env.HOSTNAME || process.env.HOST || process.env.BIND_HOST || undefined;
// SIGTERM/SIGINT: stop accepting, let the requests in flight (and export streams) finish for up to this long, then
// close what is left, close the database and exit 0.
const drainMs = Math.max(0, Number(process.env.SHUTDOWN_DRAIN_SECONDS ?? 25)) * 1000;
const trusted = trustedProxies();

/**
 * Timeouts, chosen (README, "Security"):
 * - headersTimeout 20 s: a client has that long to send its request line and headers (a few hundred bytes), so a
 *   connection trickling headers (slowloris) is closed instead of held for Node's default minute.
 * - requestTimeout 5 minutes: receiving the whole request, body included. The largest body is a 25 MB upload:
 *   5 minutes carries it at ~85 KB/s (0.7 Mbit/s, a weak mobile link). It covers receiving only: once the request
 *   is in, the answer may take as long as it streams (an export's download is not cut).
 * - keepAliveTimeout 5 s idle between requests on a kept-alive connection (Node's default), 65 s behind a trusted
 *   proxy, which pools connections and must close them first (load balancers idle out at 60 s): otherwise the
 *   proxy may send on a connection the server is closing, and its client gets a 502.
 * - connectionsCheckingInterval 2 s: how often Node checks the two request timeouts (its default is 30 s, which
 *   would let headersTimeout run to 50 s).
 * - timeout 0: no socket inactivity limit of Node's own (a download paused by a backgrounded phone resumes).
 */
const behindProxy = trusted.rules.length > 0;
const TIMEOUTS = {
  headersTimeout: 20_000,
  requestTimeout: 300_000,
  keepAliveTimeout: behindProxy ? 65_000 : 5_000,
  connectionsCheckingInterval: 2_000,
};

// Row-level security (lib/platform/rls.ts): each request is a scope of its own, shared with the app through this
// global store, so its statements (page renders, server actions, /api) run bound to its caller once resolveContext
// knows them.
const scopes = (globalThis[Symbol.for("portal.rls.scope")] ??= new AsyncLocalStorage());
function inScope(fn) {
  const binding = { companyId: null, userId: null, platform: null, unbound: true };
  return scopes.run({ b: binding, req: { binding } }, fn);
}

// Every line of the server's log is one JSON object (pino): Next's own error reports too (console.* goes through it).
const log = getLogger();
routeConsole();

// The container image runs Next's standalone output, which has no next.config.ts: the build's copy of the config is
// used instead, as Next's own standalone server.js does.
if (!["ts", "mjs", "js"].some((ext) => fs.existsSync(path.join(root, `next.config.${ext}`)))) {
  const files = path.join(root, process.env.NEXT_DIST_DIR || ".next", "required-server-files.json");
  if (fs.existsSync(files))
    process.env.__NEXT_PRIVATE_STANDALONE_CONFIG ??= JSON.stringify(
      JSON.parse(fs.readFileSync(files, "utf8")).config,
    );
}

const app = next({ dev: false, dir: root, port, hostname: bindHost ?? "localhost" });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer(
  {
    requestTimeout: TIMEOUTS.requestTimeout,
    connectionsCheckingInterval: TIMEOUTS.connectionsCheckingInterval,
  },
  (req, res) => {
    // Draining: a request that came on a kept-alive connection is answered, and the connection then closed.
    if (stopping) res.setHeader("connection", "close");
    const fromProxy = isTrustedPeer(req.socket.remoteAddress, trusted);
    prepareHeaders(req.headers, req.socket.remoteAddress, trusted);
    // The request id: a trusted proxy's x-request-id, else a new one; the app reads it from the header (the error
    // page shows it), the client gets it back, and every log line of the request carries it.
    const state = { id: requestIdOf(req.headers["x-request-id"], fromProxy) };
    req.headers["x-request-id"] = state.id;
    res.setHeader("x-request-id", state.id);
    unavailableAs503(res, state);
    accessLog(req, res, state);
    // Started while the database was down: liveness answers, the rest 503 until the bootstrap succeeds
    // (instrumentation.ts retries it), so nothing runs against a database not yet migrated and seeded.
    if (globalThis.__portalBooted === false && (req.url ?? "").split("?")[0] !== "/api/health")
      return starting(req, res, state.id);
    runRequest(state, () => inScope(() => handle(req, res)));
  },
);
/**
 * A page or server action that failed because the database cannot be reached (the app marks the request: see
 * instrumentation.ts onRequestError and lib/platform/db.ts) answers 503 with Retry-After instead of 500, so a load
 * balancer and a client know to try again; the page itself is the friendly "temporarily unavailable" one.
 */
function unavailableAs503(res, state) {
  const writeHead = res.writeHead;
  res.writeHead = function (status, ...rest) {
    if (status === 500 && state.dbUnavailable) {
      status = 503;
      if (!res.headersSent) res.setHeader("retry-after", "5");
    }
    return writeHead.call(this, status, ...rest);
  };
}

/** The answer while the database is not yet reachable at start: 503 with Retry-After, a plain page or JSON. */
function starting(req, res, id) {
  const message = "The service is temporarily unavailable. Please try again in a moment.";
  const html = /text\/html/.test(req.headers.accept ?? "");
  res.writeHead(503, {
    "retry-after": "5",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    "content-type": html ? "text/html; charset=utf-8" : "application/json",
  });
  res.end(
    html
      ? `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Temporarily unavailable</title>` +
          `<meta name="viewport" content="width=device-width, initial-scale=1"></head>` +
          `<body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#0f172a">` +
          `<h1 style="font-size:1.25rem">Temporarily unavailable</h1><p>${message}</p>` +
          `<p style="color:#64748b;font-size:.875rem">Reference: ${id}</p></body></html>`
      : JSON.stringify(req.url?.startsWith("/api/ready") ? { status: "starting" } : { message }),
  );
}

/**
 * One JSON line per request when its answer is out (or the client went away): the request id, method, path (never
 * the query, which may carry a link's token), status, duration, and the caller's user and company when known. Never
 * bodies or headers.
 */
function accessLog(req, res, state) {
  const start = process.hrtime.bigint();
  let done = false;
  const line = () => {
    if (done) return;
    done = true;
    const path = (req.url ?? "").split("?")[0].slice(0, 300);
    log.info(
      {
        reqId: state.id,
        method: req.method,
        route: path,
        status: res.writableFinished ? res.statusCode : res.headersSent ? res.statusCode : 0,
        ms: Math.round(Number(process.hrtime.bigint() - start) / 1e5) / 10,
        userId: state.userId ?? null,
        companyId: state.companyId ?? null,
        ...(res.writableFinished ? {} : { aborted: true }),
      },
      "request",
    );
  };
  res.on("finish", line);
  res.on("close", line);
}

server.headersTimeout = TIMEOUTS.headersTimeout;
server.keepAliveTimeout = TIMEOUTS.keepAliveTimeout;
server.timeout = 0;
// A port already taken (or a host that cannot be bound) ends the process at once, non-zero, with a clear message,
// so a supervisor sees the failure instead of a process that hangs holding the data folder's lock.
server.on("error", (e) => {
  log.fatal(`cannot listen on ${bindHost ?? "*"}:${port}: ${e.code ?? e.message}`);
  process.exit(1);
});
server.listen(port, bindHost, () => log.info(`ready on http://${bindHost ?? "localhost"}:${port}`));

let stopping = false;
async function shutdown(sig) {
  if (stopping) {
    // A second signal: no more waiting.
    log.warn(`${sig} again: exiting now`);
    process.exit(1);
  }
  stopping = true;
  log.info(`${sig}: draining (up to ${drainMs / 1000} s)`);
  const drained = new Promise((resolve) => server.close(() => resolve(true)));
  // Kept-alive connections with no request in flight are closed now; busy ones once their answer is out.
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 250).unref();
  const timedOut = new Promise((resolve) => setTimeout(() => resolve(false), drainMs).unref());
  const clean = await Promise.race([drained, timedOut]);
  if (!clean) {
    log.warn("drain window over: closing the connections left");
    server.closeAllConnections();
  }
  // The app's database (lib/platform/db.ts keeps it on globalThis): its pool closes, PGlite flushes and unlocks.
  await globalThis.__portalDb?.close().catch((err) => log.error({ err }, "closing the database"));
  process.exit(0);
}
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => void shutdown(sig));
