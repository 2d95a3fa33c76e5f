import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDir, call, freePort, root, sleep, waitFor } from "../../scripts/ops-harness.mjs";

// `npm start` as a supervisor runs it (issue 24), with no configuration (PGlite in a data folder). What was measured
// before: SIGTERM to npm exited npm (143) and left start.mjs and the server running, still serving the port; a
// server killed by SIGKILL made start.mjs exit 0, so restart-on-failure never fired; HOSTNAME was ignored (the server
// listened on every address).

type Started = {
  npm: ChildProcess;
  port: number;
  exited: Promise<number | string | null>;
  output: () => string;
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-supervisor-"));
const running: ChildProcess[] = [];

function npmStart(port: number): Started {
  const npm = spawn("npm", ["start"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      AUTH_SECRET: "supervisor-secret-supervisor-secret-00",
      SHUTDOWN_DRAIN_SECONDS: "10",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.push(npm);
  let out = "";
  npm.stdout!.on("data", (d) => (out += String(d)));
  npm.stderr!.on("data", (d) => (out += String(d)));
  const exited = new Promise<number | string | null>((resolve) =>
    npm.on("exit", (code, signal) => resolve(code ?? (signal ? `signal ${signal}` : null))),
  );
  return { npm, port, exited, output: () => out };
}

/** The processes below `pid` (children, grandchildren...). */
function descendants(pid: number): number[] {
  let out = "";
  try {
    out = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" });
  } catch {
    return []; // none
  }
  const kids = out.split(/\s+/).filter(Boolean).map(Number);
  return kids.flatMap((k) => [k, ...descendants(k)]);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function gone(pids: number[], ms = 30_000) {
  const until = Date.now() + ms;
  while (pids.some(alive) && Date.now() < until) await sleep(200);
  return pids.filter(alive);
}

beforeAll(() => {
  if (!buildDir())
    throw new Error("test:ops serves the last build: run `npm run build` first (or set NEXT_DIST_DIR)");
});

afterAll(() => {
  for (const p of running)
    for (const pid of [p.pid!, ...descendants(p.pid!)]) if (alive(pid)) process.kill(pid, 9);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("npm start under a supervisor", () => {
  it("listens only on HOSTNAME, and SIGTERM to npm drains and ends the whole tree, freeing the port", async () => {
    const s = npmStart(await freePort());
    await waitFor(`http://127.0.0.1:${s.port}/api/ready`, { exited: s.exited, timeoutMs: 240_000 });
    // HOSTNAME=127.0.0.1: another loopback address of this machine is refused.
    expect((await call(`http://127.0.0.2:${s.port}/api/health`, { timeoutMs: 3_000 })).status).toBe(0);
    expect((await call(`http://127.0.0.1:${s.port}/api/health`)).status).toBe(200);

    const tree = descendants(s.npm.pid!);
    expect(tree.length).toBeGreaterThan(0);
    s.npm.kill("SIGTERM");
    await s.exited;
    expect(await gone(tree)).toEqual([]);
    expect((await call(`http://127.0.0.1:${s.port}/api/health`, { timeoutMs: 3_000 })).status).toBe(0);
    expect(s.output()).toContain("SIGTERM: draining");
  });

  it("a server killed by SIGKILL makes npm start exit non-zero, so restart-on-failure fires", async () => {
    const s = npmStart(await freePort());
    await waitFor(`http://127.0.0.1:${s.port}/api/ready`, { exited: s.exited, timeoutMs: 240_000 });
    const tree = descendants(s.npm.pid!);
    for (const pid of tree) process.kill(pid, "SIGKILL");
    const code = await s.exited;
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(await gone(tree)).toEqual([]);
  });
});
