import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

// The server as a supervisor runs it (issue 24), on the browser tests' build: liveness and readiness with no login, and
// a port already taken exits non-zero at once. SIGTERM during a request in flight is the operations suite's
// (tests/ops/ops.test.ts), on PostgreSQL with two instances.

const E2E_PORT = Number(
  new URL(process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`).port,
);

type Server = { child: ChildProcess; port: number; output: () => string; exited: Promise<number | null> };

function startServer(port: number): Server {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-process-"));
  const child = spawn(process.execPath, [path.resolve("scripts/server.mjs")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOSTNAME: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      AUTH_SECRET: "process-secret-process-secret-process",
      AUTH_TRUST_HOST: "true",
      SHUTDOWN_DRAIN_SECONDS: "20",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += String(d)));
  child.stderr!.on("data", (d) => (out += String(d)));
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  return { child, port, output: () => out, exited };
}

test("liveness and readiness answer with no login", async ({ request }) => {
  const live = await request.get("/api/health");
  expect(live.status()).toBe(200);
  expect(await live.json()).toEqual({ status: "ok" });
  const ready = await request.get("/api/ready");
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({
    status: "ready",
    checks: { database: "ok", migrations: "current", storage: "ok" },
  });
});

test("a port already taken exits non-zero at once, saying so", async () => {
  test.setTimeout(120_000);
  const s = startServer(E2E_PORT);
  expect(await s.exited).toBe(1);
  expect(s.output()).toContain(`cannot listen on 127.0.0.1:${E2E_PORT}: EADDRINUSE`);
});
