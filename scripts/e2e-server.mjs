#!/usr/bin/env node
// The browser tests' server: a fresh production build served with a throw-away data folder (fresh PGlite, demo seed).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startSmtp } from "./smtp-sink.mjs";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-e2e-"));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e",
  AUTH_TRUST_HOST: "true",
  // One JSON line per request would bury the browser tests' own output; warnings and errors still show.
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
};
const removeData = () => fs.rmSync(dataDir, { recursive: true, force: true });
const next = path.resolve("node_modules/next/dist/bin/next");
if (process.env.E2E_SKIP_BUILD !== "1") {
  const b = spawnSync(process.execPath, [next, "build"], { stdio: "inherit", env });
  if (b.status !== 0) {
    removeData();
    process.exit(b.status ?? 1);
  }
}
// Mail goes through SMTP to a sink here, which writes each mail to a folder the tests read (tests/e2e/helpers.ts
// latestMail): a franchisee admin's set-password code, a forgotten password's.
const port = process.env.E2E_PORT ?? "3100";
const mailDir = path.join(os.tmpdir(), `portal-e2e-mail-${port}`);
fs.rmSync(mailDir, { recursive: true, force: true });
fs.mkdirSync(mailDir, { recursive: true });
let mailCount = 0;
const sink = await startSmtp({
  onMail: (m) =>
    fs.writeFileSync(
      path.join(mailDir, `${Date.now()}-${String(++mailCount).padStart(5, "0")}.eml`),
      `X-To: ${m.to.join(", ")}\n${m.data}`,
    ),
});
// The portal's own server (client addresses from the socket). Every browser test signs in from 127.0.0.1, many
// times a minute: the request budgets are scaled up for it (the lockout itself is not).
const child = spawn(process.execPath, [path.resolve("scripts/server.mjs")], {
  stdio: "inherit",
  env: {
    ...env,
    PORT: port,
    HOSTNAME: "127.0.0.1",
    RATE_LIMIT_SCALE: "50",
    SMTP_HOST: "127.0.0.1",
    SMTP_PORT: String(sink.port),
    SMTP_SECURE: "false",
  },
});
// Stopping (Playwright sends SIGTERM, see gracefulShutdown): the data folder goes once next has exited, not while
// the database in it may still be writing.
// Both are logged: a server that goes away in the middle of a run shows why in the test output.
const stop = (signal) => {
  console.log(`[e2e-server] ${signal}: stopping next`);
  child.kill(signal);
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code, signal) => {
  console.log(`[e2e-server] next exited (${signal ?? `code ${code}`})`);
  removeData();
  fs.rmSync(mailDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
