/** The pager's arithmetic (components/data-table/pagination.tsx), plain functions: tested in tests/unit. */
import { MAX_PAGE_ROWS, OFFSET_PAGES_UP_TO } from "@/lib/list-limits";
import { ALL_ROWS_VALUE } from "./page-sizes";

/** The keyset cursors of the pages around this one (lib/platform/list.ts `prev_cursor`, `next_cursor`). */
export type PageCursors = { prev: string | null; next: string | null };

/** The server caps ALL at this many rows a page (MAX_PAGE_ROWS): such a page is ALL. */
export const ALL_CEILING = MAX_PAGE_ROWS;
export { OFFSET_PAGES_UP_TO };

const fmt = (n: number) => n.toLocaleString("en-IN");

export type PagerInput = {
  count: number;
  estimated?: boolean;
  page: number;
  /** The page size the URL asks for (ALL arrives as the server's cap). */
  rowsPerPage: number;
  /** The most rows the screen shows: ALL shows the first this many, and no further pages. */
  ceiling?: number;
  cursors?: PageCursors;
};

/** What the pager shows: the select's value, the 'first–last of count' text and which buttons work. */
export function pagerState({ count, estimated, page, rowsPerPage, ceiling, cursors }: PagerInput) {
  const asked = rowsPerPage > 0 ? rowsPerPage : 10;
  const isAll = asked >= ALL_CEILING || asked >= ALL_ROWS_VALUE;
  const capped = isAll && ceiling != null;
  const size = capped ? ceiling : asked;
  const pages = Math.max(1, Math.ceil(count / size));
  const first = count === 0 ? 0 : Math.min(count, (page - 1) * size + 1);
  const last = Math.min(count, page * size);
  const total = estimated ? `about ${fmt(count)}` : fmt(count);
  const summary =
    capped && count > size
      ? `Showing the first ${fmt(size)} of ${total} — narrow the filters or export`
      : `${fmt(first)}–${fmt(last)} of ${total}`;
  return {
    asked,
    isAll,
    size,
    summary,
    noPrev: capped || page <= 1,
    // The server says whether a row follows (next_cursor); without cursors the count does.
    noNext: capped || (cursors ? !cursors.next : page >= pages),
  };
}

/**
 * The URL changes of Previous and Next: numbered pages near the start, keyset cursors deep in a big list (and
 * numbered again on the way back once the page is near the start). A missing cursor falls back to the number.
 */
export function pageTurn(
  page: number,
  size: number,
  to: "prev" | "next",
  cursors?: PageCursors,
): Record<string, string | null> {
  const target = to === "next" ? page + 1 : Math.max(1, page - 1);
  const skipped = (target - 1) * size;
  const cursor = to === "next" ? cursors?.next : cursors?.prev;
  const deep = skipped > OFFSET_PAGES_UP_TO && !!cursor;
  return {
    page: target <= 1 ? null : String(target),
    cursor: deep && to === "next" ? cursor : null,
    before: deep && to === "prev" ? cursor : null,
  };
}
