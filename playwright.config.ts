import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// Without E2E_BASE_URL a fresh build is served on a throw-away data folder. With it the suite runs against a
// server that is already up, e.g. again and again against the same data (the specs make their records unique):
//   E2E_PORT=3200 node scripts/e2e-server.mjs &      (E2E_SKIP_BUILD=1: serve the last build)
//   E2E_BASE_URL=http://127.0.0.1:3200 npx playwright test
const external = process.env.E2E_BASE_URL;

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: external ?? `http://127.0.0.1:${PORT}`,
    // A step that cannot act fails with its own message rather than at the test's timeout.
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    screenshot: "only-on-failure",
    trace: "off",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: external
    ? undefined
    : {
        command: `node scripts/e2e-server.mjs`,
        url: `http://127.0.0.1:${PORT}/login`,
        // The production build comes first: about 2.5 min on an idle 2-core machine, twice that when loaded.
        timeout: 600_000,
        // Never a server left over from an earlier run: its data and build may be stale.
        reuseExistingServer: false,
        // SIGTERM lets the script stop next and remove its data folder (the default SIGKILL leaves it behind).
        gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
        stdout: "pipe",
        stderr: "pipe",
        env: { E2E_PORT: String(PORT) },
      },
});
