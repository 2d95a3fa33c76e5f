import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      "server-only": path.resolve(import.meta.dirname, "tests/support/empty.ts"),
    },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    setupFiles: ["tests/support/setup.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Two files at a time (each has its own database: PGlite in memory, or its own database on the server): the
    // suite's time is mostly one file's CPU, and these machines have two cores. VITEST_WORKERS=1 runs them in turn.
    fileParallelism: true,
    maxWorkers: Number(process.env.VITEST_WORKERS ?? 2),
    // next-auth imports "next/server" without an extension, which Node's ESM resolver refuses; let Vite resolve it.
    server: { deps: { inline: ["next-auth", "@auth/core"] } },
  },
});
