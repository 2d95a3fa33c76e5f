#!/usr/bin/env node
// The portal's production server: Next's request handler behind node:http, so the client address is taken from the
// socket (and from X-Forwarded-For only through TRUSTED_PROXIES) and handed to the app as `x-client-address`.
// Whatever a client sends in that header is replaced. Used by `npm start` and the browser tests' server.
import http from "node:http";
import path from "node:path";
import next from "next";
import { resolveClientAddress, trustedProxies } from "./client-address.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const port = Number(process.env.PORT ?? 3000);
// BIND_HOST: the interface to listen on (all, IPv4 and IPv6, by default).
const bindHost = process.env.BIND_HOST || undefined;
const trusted = trustedProxies();

const app = next({ dev: false, dir: root, port, hostname: bindHost ?? "localhost" });
const handle = app.getRequestHandler();
await app.prepare();

const server = http.createServer((req, res) => {
  const forwarded = req.headers["x-forwarded-for"];
  req.headers["x-client-address"] = resolveClientAddress(
    req.socket.remoteAddress ?? "",
    Array.isArray(forwarded) ? forwarded.join(",") : (forwarded ?? null),
    trusted,
  );
  // Without a trusted proxy, a client's own X-Forwarded-For is not passed on as if it were true.
  if (!trusted.rules.length) delete req.headers["x-forwarded-for"];
  handle(req, res);
});
server.listen(port, bindHost, () =>
  console.log(`[server] ready on http://${bindHost ?? "localhost"}:${port}`),
);
for (const sig of ["SIGINT", "SIGTERM"])
  process.on(sig, () => {
    server.close();
    process.exit(0);
  });
