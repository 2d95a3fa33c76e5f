#!/usr/bin/env node
// `npm start`: with no configuration, builds once, then serves the portal on :3000 with the embedded defaults
// (PGlite in ./data, files on local disk, mail to the outbox). The server migrates and seeds at start.
import { spawnSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, "data"));
fs.mkdirSync(dataDir, { recursive: true });

// A server secret for sessions and URL ids: kept in the data folder so restarts keep sessions valid.
if (!process.env.AUTH_SECRET) {
  const file = path.join(dataDir, "auth-secret");
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600 });
  process.env.AUTH_SECRET = fs.readFileSync(file, "utf8").trim();
}
process.env.AUTH_TRUST_HOST ??= "true";
process.env.DATA_DIR = dataDir;

const next = path.join(root, "node_modules", "next", "dist", "bin", "next");
const port = process.env.PORT ?? "3000";
if (process.argv.includes("--dev")) {
  const dev = spawn(process.execPath, [next, "dev", "-p", port], { stdio: "inherit", env: process.env });
  for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => dev.kill(sig));
  // The child's status, or 128 + the signal's number when a signal ended it (as a shell reports it).
  dev.on("exit", (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
} else await serve();

/** True when no build exists or a source file changed after the last build. */
function buildIsStale(buildId) {
  if (!fs.existsSync(buildId)) return true;
  const built = fs.statSync(buildId).mtimeMs;
  const newer = (p) => {
    if (!fs.existsSync(p)) return false;
    const st = fs.statSync(p);
    if (!st.isDirectory()) return st.mtimeMs > built;
    return fs.readdirSync(p).some((f) => newer(path.join(p, f)));
  };
  const sources = [
    "app",
    "components",
    "lib",
    "db",
    "proxy.ts",
    "auth.ts",
    "auth.config.ts",
    "instrumentation.ts",
    "next.config.ts",
    "package-lock.json",
  ];
  return sources.some((s) => newer(path.join(root, s)));
}

async function serve() {
  const buildId = path.join(root, process.env.NEXT_DIST_DIR || ".next", "BUILD_ID");
  // A container image has the build and no sources (Dockerfile): it never builds. Not told by an `app` folder: Next's
  // standalone output has one (the traced files of its routes), and the image then tried to build with no Next CLI
  // (scripts/standalone-check.mjs found it); the config file is a source the standalone output never carries.
  const hasSources = ["ts", "mjs", "js"].some((ext) => fs.existsSync(path.join(root, `next.config.${ext}`)));
  if (hasSources && (process.env.REBUILD === "1" || buildIsStale(buildId))) {
    console.log("[start] building the portal...");
    const r = spawnSync(process.execPath, [next, "build"], { stdio: "inherit", env: process.env });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  // scripts/server.mjs: Next behind node:http, so the client address comes from the socket (README, "Security"). It
  // runs in this process (one process for a supervisor to signal and watch: it drains on SIGTERM and exits 0, and a
  // crash or a port already taken exits non-zero).
  process.env.PORT = port;
  await import(path.join(root, "scripts", "server.mjs"));
}
