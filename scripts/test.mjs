#!/usr/bin/env node
// `npm test`: type check, lint, format check, unit + integration tests on PGlite (and on PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests against a fresh production build.
import { spawnSync } from "node:child_process";

const steps = [
  ["type check", "npx", ["tsc", "--noEmit"]],
  ["lint", "npx", ["eslint", ".", "--max-warnings=0"]],
  ["format", "npx", ["prettier", "--check", "."]],
  ["unit + integration (PGlite)", "npx", ["vitest", "run"], { TEST_DATABASE_URL: "" }],
  // The benchmark runs outside Next (react-server conditions): a small run proves it still starts and finishes.
  [
    "benchmark (smoke, 2,000 users)",
    "node",
    [
      "--conditions=react-server",
      "--expose-gc",
      "--import",
      "tsx",
      "bench/run.ts",
      "--users",
      "2000",
      "--runs",
      "2",
    ],
  ],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(["integration (PostgreSQL)", "npx", ["vitest", "run", "tests/integration"], {}]);
}
if (process.env.SKIP_E2E !== "1") {
  steps.push(["chromium", "node", ["scripts/ensure-chromium.mjs"]]);
  steps.push(["browser tests", "npx", ["playwright", "test"]]);
}

for (const [name, cmd, args, env] of steps) {
  const started = Date.now();
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  console.log(
    `=== ${name}: ${r.status === 0 ? "ok" : "FAILED"} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (r.status !== 0) process.exit(r.status ?? 1);
}
