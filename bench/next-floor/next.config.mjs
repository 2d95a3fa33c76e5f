// The benchmark's second floor: a bare Next app (no auth, no drizzle, no pages) whose one route handler runs the
// statements bench/run.ts posts to it through postgres.js, as bench/floor.mjs does under node:http. Built and
// started by bench/run.ts; not part of the portal.
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
const config = { outputFileTracingRoot: root, turbopack: { root }, poweredByHeader: false };
export default config;
