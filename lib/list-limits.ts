// The limits of every list, shared by the server (lib/platform/list.ts) and the pager in the browser
// (components/data-table): a plain module with no server-only imports, so both read the same numbers.

/** Page sizes every list offers; ALL is sent as 1000000 (spec 000 §9). */
export const PAGE_SIZES = [10, 15, 20, 25, 30, 50, 100] as const;
export const ALL_ROWS = 1_000_000;
/** ALL still has a ceiling: a page never carries more rows than this (the pager treats such a page as ALL). */
export const MAX_PAGE_ROWS = 10_000;
export const DEFAULT_PAGE_SIZE = 10;
/** Below this many matching rows a list counts exactly; above it answers the planner's estimate. */
export const EXACT_COUNT_LIMIT = 10_000;
/**
 * Numbered pages (OFFSET) while the rows skipped stay within this many; beyond it the pager pages by keyset, so a
 * deep page of a million rows costs what the first does. `page` stays in the URL for the 'first–last' display.
 */
export const OFFSET_PAGES_UP_TO = 10_000;
