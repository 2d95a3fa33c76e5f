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
 * - enable_material off: under row-level security the planner estimates a company's rows of a lookup table at about
 *   1% (the policy's `company_id = $x OR $y = 'on'` is blind to the value), so for a page whose outer rows it expects
 *   to be few (a search: 529 estimated) it materialized a sequential scan of the whole table (Happy Paws' 20,003
 *   franchisees) and filtered 11 × 15k pairs, instead of 11 primary-key lookups: the users search "priya" 32-42 ms
 *   → 2.2 ms for its page statement, /api p50 40 → 16 ms. Lists of 6+ joins already set it per statement
 *   (lib/platform/list.ts); every statement now plans without it (Materialize nodes a plan needs for correctness
 *   stay).
 *
 * PGlite has no JIT nor parallel workers; it keeps its defaults.
 */
export const PLANNER_SETTINGS = {
  jit: "off",
  enable_memoize: "off",
  max_parallel_workers_per_gather: "0",
  enable_material: "off",
} as const;
