import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next/**",
    // Builds into folders of their own (NEXT_DIST_DIR=.next-<name>: side-by-side builds, bench).
    ".next-*/**",
    "bench/next-floor/.next/**",
    "node_modules/**",
    "data/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
    "db/migrations/**",
  ]),
]);
