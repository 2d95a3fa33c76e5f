import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildDir,
  call,
  freePort,
  sleep,
  startCluster,
  startPortal,
  tokenOf,
  waitFor,
  type Answer,
  type Cluster,
  type Portal,
} from "../../scripts/ops-harness.mjs";

// An instance started while its PostgreSQL is down (issue 24). Measured before: it answered 500 to every request, and
// still did sixty seconds after PostgreSQL came back (the failed database promise and the failed instrumentation
// hook were kept). Now: liveness answers, everything else answers 503 with Retry-After (never 500, never a hang),
// and once PostgreSQL is back the same process migrates, seeds and serves, with no restart.

let cluster: Cluster;
let p: Portal | undefined;

beforeAll(async () => {
  if (!buildDir())
    throw new Error("test:ops serves the last build: run `npm run build` first (or set NEXT_DIST_DIR)");
  cluster = await startCluster();
});

afterAll(async () => {
  p?.kill("SIGKILL");
  await p?.exited;
  cluster?.destroy();
});

describe("an instance started while PostgreSQL is down", () => {
  it("answers 503 (never 500) until PostgreSQL is up, then serves with no restart", async () => {
    // A fresh, empty database that is not running: the instance must also migrate and seed once it is back.
    cluster.stop("fast");
    p = startPortal({
      port: await freePort(),
      env: { DATABASE_URL: cluster.url, SEED_DEMO: "true", LOG_LEVEL: "warn" },
    });
    // Liveness: the process answers, whatever the database.
    await waitFor(`${p.base}/api/health`, { exited: p.exited, timeoutMs: 180_000 });

    const probe = async () => {
      const r = await Promise.all([
        call(`${p!.base}/api/ready`, { timeoutMs: 10_000 }),
        call(`${p!.base}/login`, { headers: { accept: "text/html" }, timeoutMs: 10_000 }),
        call(`${p!.base}/api/login`, {
          method: "POST",
          body: { email: "admin@happypaws.test", password: "Demo@1234", is_web: true },
          timeoutMs: 10_000,
        }),
      ]);
      return r;
    };
    const down: Answer[] = [];
    // Twenty seconds down: every answer a prompt 503 with Retry-After.
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      down.push(...(await probe()));
      await sleep(1_000);
    }
    const summary = JSON.stringify(down.map((r) => `${r.status}${r.error ? ` ${r.error}` : ""}`));
    for (const r of down) {
      expect(r.status, summary).toBe(503);
      expect(r.headers?.get("retry-after"), summary).toBeTruthy();
      expect(r.ms, summary).toBeLessThan(6_000);
    }
    // The friendly page, not a stack.
    const page = down.find((r) => r.text?.includes("<html"));
    expect(page?.text ?? "").toMatch(/temporarily unavailable/i);
    expect(page?.text ?? "").not.toMatch(/at \w+ \(|node_modules/);

    // PostgreSQL back: the same process (no restart) turns ready, and serves a login and a list.
    const back = Date.now();
    cluster.start();
    await waitFor(`${p.base}/api/ready`, { exited: p.exited, timeoutMs: 180_000 });
    const recoveredMs = Date.now() - back;
    const token = await tokenOf(p.base);
    const list = await call(`${p.base}/api/values?page=1&rowsPerPage=5`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(list.status).toBe(200);
    expect((await call(`${p.base}/login`)).status).toBe(200);
    expect(p.child.exitCode).toBeNull();
    console.log(
      `[ops] started with PostgreSQL down: ${down.length} answers, all 503; ready ${Math.round(recoveredMs / 1000)} s after PostgreSQL came back (migrated and seeded then)`,
    );
  });
});
