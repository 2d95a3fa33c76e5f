/**
 * The planner settings every pool connection to PostgreSQL opens with (lib/platform/db.ts, postgres.js
 * `connection` parameters), chosen for a portal whose statements are short list, lookup and aggregate reads
 * (issue 23). Each measured on the bench data set (1M users in the biggest company, 5M walks); the numbers are in
 * the README's performance section.
 *
 * - jit off: JIT compiles a statement whose estimated cost passes jit_above_cost, which the calendar's and the
 *   staff statements do at this scale; compiling cost 0.3-1.4 s per call for statements that run in milliseconds.
 * - enable_memoize off: memoize caches the inner side of a nested loop by key; misestimated distinct keys made the
 *   daily plans page 4.9 -> 40.7 ms, and for the primary-key lookups of a list page the cache saves nothing.
 * - max_parallel_workers_per_gather 0: a request is one core's work; workers doubled the walk request cards
 *   (85 vs 43 ms) and take cores from the requests beside it.
 *
 * PGlite has no JIT nor parallel workers; it keeps its defaults.
 */
export const PLANNER_SETTINGS = {
  jit: "off",
  enable_memoize: "off",
  max_parallel_workers_per_gather: "0",
} as const;
