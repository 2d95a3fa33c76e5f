// The operations suite's and the soak's harness (issue 24): a PostgreSQL cluster of their own (initdb + pg_ctl in a
// temp folder on a free port; never the machine's server), portal instances (scripts/server.mjs on the last build)
// started and signalled as a supervisor would, and an HTTP client with a deadline. Plain JavaScript: `npm run soak`
// runs it without a compiler, and the vitest suite (tests/ops) imports it.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const PG_BIN = process.env.PG_BIN ?? "/usr/lib/postgresql/15/bin";

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Runs a PostgreSQL binary, as the postgres user when this process is root (initdb refuses root). */
function pgRun(bin, args, o = {}) {
  const exe = path.join(PG_BIN, bin);
  const asRoot = process.getuid?.() === 0;
  return asRoot
    ? execFileSync("runuser", ["-u", "postgres", "--", exe, ...args], { stdio: "pipe", ...o })
    : execFileSync(exe, args, { stdio: "pipe", ...o });
}

/**
 * A PostgreSQL cluster of this process's own: `url` (trust auth, user postgres, database postgres), `stop(mode)` and
 * `start()` (pg_ctl, same port), `destroy()`.
 */
export async function startCluster() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-ops-pg-"));
  const data = path.join(dir, "data");
  if (process.getuid?.() === 0) execFileSync("chown", ["postgres:postgres", dir]);
  pgRun("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const port = await freePort();
  const log = path.join(dir, "log");
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const start = () => pgRun("pg_ctl", ["-D", data, "-l", log, "-o", opts, "-w", "-t", "60", "start"]);
  const stop = (mode = "fast") => pgRun("pg_ctl", ["-D", data, "-m", mode, "-w", "-t", "60", "stop"]);
  start();
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    /** SIGKILL to the postmaster (what a crash or an OOM kill does). */
    kill() {
      const pid = Number(fs.readFileSync(path.join(data, "postmaster.pid"), "utf8").split("\n")[0]);
      process.kill(pid, "SIGKILL");
    },
    destroy() {
      try {
        stop("immediate");
      } catch {
        /* already stopped */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The build the portal's server serves (NEXT_DIST_DIR, .next by default); null when there is none. */
export function buildDir() {
  const dist = path.join(root, process.env.NEXT_DIST_DIR || ".next");
  return fs.existsSync(path.join(dist, "BUILD_ID")) ? dist : null;
}

/**
 * A portal instance: scripts/server.mjs as `npm start` runs it (one process), on `port`, with `env` added. `output()`
 * is what it printed, `exited` its exit code, `kill(sig)`.
 */
export function startPortal({ port, env = {}, dataDir } = {}) {
  const own = !dataDir;
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "portal-ops-data-"));
  const child = spawn(process.execPath, [path.join(root, "scripts", "server.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      DATA_DIR: dir,
      AUTH_SECRET: "ops-secret-ops-secret-ops-secret-ops-00",
      AUTH_TRUST_HOST: "true",
      RATE_LIMIT_SCALE: "50",
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (d) => (out += String(d)));
  child.stderr.on("data", (d) => (out += String(d)));
  const exited = new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      if (own) fs.rmSync(dir, { recursive: true, force: true });
      resolve(code ?? (signal ? `signal ${signal}` : null));
    }),
  );
  return {
    port,
    dataDir: dir,
    child,
    base: `http://127.0.0.1:${port}`,
    output: () => out,
    exited,
    kill: (sig = "SIGTERM") => child.kill(sig),
  };
}

/**
 * A request with a deadline: { status, ms, body, headers } or { status: 0, error } (refused, cut, timed out). The
 * deadline holds even when fetch itself never settles (seen under heavy load in the 30-minute soak: 7 requests whose
 * abort signal fired and whose promise stayed pending), so a run always ends and counts them.
 */
export function call(url, o = {}) {
  const timeoutMs = o.timeoutMs ?? 15_000;
  const started = performance.now();
  let timer;
  const stuck = new Promise((resolve) => {
    timer = setTimeout(
      () => resolve({ status: 0, ms: performance.now() - started, error: "timeout (stuck)" }),
      timeoutMs + 5_000,
    );
  });
  return Promise.race([attempt(url, o, timeoutMs, started), stuck]).finally(() => clearTimeout(timer));
}

async function attempt(url, { method = "GET", headers = {}, body }, timeoutMs, started) {
  try {
    const res = await fetch(url, {
      method,
      headers:
        body !== undefined && !(body instanceof FormData)
          ? { "content-type": "application/json", ...headers }
          : headers,
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json = null;
    try {
      json = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: res.status, ms: performance.now() - started, json, text, headers: res.headers };
  } catch (e) {
    return {
      status: 0,
      ms: performance.now() - started,
      error: e?.name === "TimeoutError" ? "timeout" : String(e?.cause?.code ?? e),
    };
  }
}

/** Waits until `url` answers `status` (default 200), up to `timeoutMs`. */
export async function waitFor(url, { status = 200, timeoutMs = 180_000, exited } = {}) {
  const until = Date.now() + timeoutMs;
  let gone = false;
  exited?.then(() => (gone = true));
  while (Date.now() < until) {
    if (gone) throw new Error(`the server exited while waiting for ${url}`);
    const r = await call(url, { timeoutMs: 5_000 });
    if (r.status === status) return r;
    await sleep(300);
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms`);
}

/** A bearer token of a demo login (the demo seed's password). */
export async function tokenOf(base, email = "admin@happypaws.test", password = "Demo@1234") {
  const r = await call(`${base}/api/login`, { method: "POST", body: { email, password, is_web: true } });
  if (r.status !== 200 || !r.json?.token)
    throw new Error(`login ${email}: ${r.status} ${r.text?.slice(0, 200)}`);
  return r.json.token;
}
