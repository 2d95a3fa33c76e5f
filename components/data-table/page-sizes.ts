/** Page sizes of every list and the ALL value sent as rowsPerPage (spec 000 §9). Mirrors lib/platform/lists.ts,
 *  which is server-only; plain module so both server pages and client pieces can read it. */
export const PAGE_SIZE_OPTIONS = [10, 15, 20, 25, 30, 50, 100] as const;
export const ALL_ROWS_VALUE = 1_000_000;
