#!/usr/bin/env node
// The portal's production server: Next's request handler behind node:http, so the client address is taken from the
// socket (and from X-Forwarded-For only through TRUSTED_PROXIES) and handed to the app as `x-client-address`.
// Whatever a client sends in that header is replaced, and its X-Forwarded-* headers are dropped unless the socket's
// peer is a trusted proxy (scripts/client-address.mjs prepareHeaders). Used by `npm start` and the browser tests'
// server.
import { AsyncLocalStorage } from "node:async_hooks";
import http from "node:http";
import path from "node:path";
import next from "next";
import { prepareHeaders, trustedProxies } from "./client-address.mjs";

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
    prepareHeaders(req.headers, req.socket.remoteAddress, trusted);
    inScope(() => handle(req, res));
  },
);
server.headersTimeout = TIMEOUTS.headersTimeout;
server.keepAliveTimeout = TIMEOUTS.keepAliveTimeout;
server.timeout = 0;
// A port already taken (or a host that cannot be bound) ends the process at once, non-zero, with a clear message,
// so a supervisor sees the failure instead of a process that hangs holding the data folder's lock.
server.on("error", (e) => {
  console.error(`[server] cannot listen on ${bindHost ?? "*"}:${port}: ${e.code ?? e.message}`);
  process.exit(1);
});
server.listen(port, bindHost, () =>
  console.log(`[server] ready on http://${bindHost ?? "localhost"}:${port}`),
);

let stopping = false;
async function shutdown(sig) {
  if (stopping) {
    // A second signal: no more waiting.
    console.log(`[server] ${sig} again: exiting now`);
    process.exit(1);
  }
  stopping = true;
  console.log(`[server] ${sig}: draining (up to ${drainMs / 1000} s)`);
  const drained = new Promise((resolve) => server.close(() => resolve(true)));
  // Kept-alive connections with no request in flight are closed now; busy ones once their answer is out.
  server.closeIdleConnections();
  setInterval(() => server.closeIdleConnections(), 250).unref();
  const timedOut = new Promise((resolve) => setTimeout(() => resolve(false), drainMs).unref());
  const clean = await Promise.race([drained, timedOut]);
  if (!clean) {
    console.log("[server] drain window over: closing the connections left");
    server.closeAllConnections();
  }
  // The app's database (lib/platform/db.ts keeps it on globalThis): its pool closes, PGlite flushes and unlocks.
  await globalThis.__portalDb?.close().catch((e) => console.error("[server] closing the database:", e));
  process.exit(0);
}
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => void shutdown(sig));
