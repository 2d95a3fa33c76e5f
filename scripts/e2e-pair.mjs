#!/usr/bin/env node
// The browser journeys over two instances (issue 24): one fresh PostgreSQL (a cluster of this run's own:
// scripts/ops-harness.mjs), one S3-compatible store (s3rver), one SMTP sink, two production servers of one build
// (scripts/server.mjs, as `npm start` runs it) and, in front of them, a round-robin HTTP proxy that sends each request
// to the other instance than the one before — so a page and its server action, a form and its redirect, a login and
// the next page land on different processes. Then Playwright runs against the proxy.
//
//   npm run build                                     (or NEXT_DIST_DIR=.next-x npx next build)
//   node scripts/e2e-pair.mjs                         the writing specs (E2E_PAIR_SPECS)
//   node scripts/e2e-pair.mjs tests/e2e/apps.spec.ts  the specs named
//   node scripts/e2e-pair.mjs --all                   every spec
//
// Exits with Playwright's status; 1 when an instance did not serve both halves (the proxy's count says which).
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { buildDir, freePort, root, startCluster, startPortal, waitFor } from "./ops-harness.mjs";
import { startSmtp } from "./smtp-sink.mjs";

/** The specs that write (forms, versions, idempotency keys, uploads to the store, approvals). */
const WRITING = ["writes", "apps", "franchise", "jobs", "forms"].map((s) => `tests/e2e/${s}.spec.ts`);

const args = process.argv.slice(2);
const all = args.includes("--all");
const named = args.filter((a) => !a.startsWith("--"));
const specs = all
  ? []
  : named.length
    ? named
    : (process.env.E2E_PAIR_SPECS?.split(/[\s,]+/).filter(Boolean) ?? WRITING);

const log = (...a) => console.log(`[e2e-pair ${new Date().toISOString().slice(11, 19)}]`, ...a);

if (!buildDir()) {
  console.error("[e2e-pair] no build: run `npm run build` first (or set NEXT_DIST_DIR)");
  process.exit(1);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-pair-"));
const cleanups = [];
let status = 1;
try {
  // The database and the file store both instances share.
  const cluster = await startCluster();
  cleanups.push(() => cluster.destroy());
  const s3 = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory: path.join(tmp, "s3"),
    configureBuckets: [{ name: "portal", configs: [] }],
  });
  const { port: s3Port } = /** @type {{ port: number }} */ (await s3.run());
  cleanups.push(() => s3.close());

  // The proxy's port names the mail folder the specs read (tests/e2e/helpers.ts latestMail).
  const proxyPort = Number(process.env.E2E_PORT ?? (await freePort()));
  const mailDir = path.join(os.tmpdir(), `portal-e2e-mail-${proxyPort}`);
  fs.rmSync(mailDir, { recursive: true, force: true });
  fs.mkdirSync(mailDir, { recursive: true });
  cleanups.push(() => fs.rmSync(mailDir, { recursive: true, force: true }));
  let mails = 0;
  const sink = await startSmtp({
    onMail: (m) =>
      fs.writeFileSync(
        path.join(mailDir, `${Date.now()}-${String(++mails).padStart(5, "0")}.eml`),
        `X-To: ${m.to.join(", ")}\n${m.data}`,
      ),
  });
  cleanups.push(() => sink.close?.());

  const env = {
    DATABASE_URL: cluster.url,
    S3_BUCKET: "portal",
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_REGION: "us-east-1",
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
    S3_FORCE_PATH_STYLE: "true",
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(sink.port),
    SMTP_SECURE: "false",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  };
  // Started together on the empty database: one migrates and seeds under the advisory lock, the other waits.
  const portals = [];
  for (let i = 0; i < 2; i++) {
    const p = startPortal({ port: await freePort(), env });
    portals.push(p);
    p.child.stdout.on("data", (d) => process.stdout.write(prefixed(`[app${i + 1}] `, d)));
    p.child.stderr.on("data", (d) => process.stderr.write(prefixed(`[app${i + 1}] `, d)));
  }
  cleanups.unshift(async () => {
    for (const p of portals) p.kill("SIGTERM");
    await Promise.all(portals.map((p) => p.exited));
  });
  await Promise.all(
    portals.map((p) => waitFor(`${p.base}/api/ready`, { exited: p.exited, timeoutMs: 300_000 })),
  );
  log(`instances ready on ${portals.map((p) => p.port).join(" and ")}`);

  const served = [0, 0];
  const proxy = roundRobin(portals, served);
  await new Promise((resolve) => proxy.listen(proxyPort, "127.0.0.1", resolve));
  cleanups.unshift(() => new Promise((resolve) => proxy.close(resolve)));
  const base = `http://127.0.0.1:${proxyPort}`;
  log(`round-robin proxy on ${base}; ${specs.length ? specs.join(" ") : "every spec"}`);

  const pw = spawn(
    process.execPath,
    [path.join(root, "node_modules", "@playwright", "test", "cli.js"), "test", ...specs],
    {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, E2E_BASE_URL: base, E2E_PORT: String(proxyPort) },
    },
  );
  const stop = () => pw.kill("SIGTERM");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  status = await new Promise((resolve) => pw.on("exit", (code) => resolve(code ?? 1)));
  log(`requests served: instance 1 ${served[0]}, instance 2 ${served[1]}`);
  if (status === 0 && served.some((n) => n < 10)) {
    log("FAILED: the requests did not alternate between the instances");
    status = 1;
  }
} catch (e) {
  console.error("[e2e-pair]", e);
  status = 1;
} finally {
  for (const c of cleanups) {
    try {
      await c();
    } catch {
      /* going anyway */
    }
  }
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(status);

/** Each output line of an instance, prefixed with its name. */
function prefixed(prefix, data) {
  return String(data)
    .split(/(?<=\n)/)
    .map((l) => prefix + l)
    .join("");
}

/**
 * A reverse proxy in plain node:http: each request goes to the instance after the one the previous request went to,
 * whatever connection it came on (a browser's kept-alive connection spreads over both). Bodies and answers stream
 * through; the Host header is kept, so redirects and the session's cookies name the proxy. An instance that cannot be
 * reached answers 502.
 */
function roundRobin(portals, served) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let next = 0;
  return http.createServer((req, res) => {
    const i = next;
    next = (next + 1) % portals.length;
    served[i]++;
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: portals[i].port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
      },
    );
    upstream.on("error", (e) => {
      if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" });
      res.end(`instance ${i + 1}: ${e.message}`);
    });
    req.on("aborted", () => upstream.destroy());
    req.pipe(upstream);
  });
}
