import path from "node:path";
import { defineConfig } from "vitest/config";

// `npm run test:ops`: the operations suite (issue 24), against the last build (`npm run build`, or NEXT_DIST_DIR's),
// on a PostgreSQL cluster of its own. Not part of `npm test`'s vitest run.
export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "../..") } },
  test: {
    include: ["tests/ops/**/*.test.ts"],
    environment: "node",
    testTimeout: 300_000,
    hookTimeout: 300_000,
    fileParallelism: false,
  },
});
