export type SortDirection = "ascending" | "descending" | "none";

/** The column's state for `aria-sort`, given the rows' sort. */
export function sortDirection(current: string | null | undefined, sortKey: string): SortDirection {
  return current === sortKey ? "ascending" : current === `-${sortKey}` ? "descending" : "none";
}

/**
 * The URL's next `sort` after a click: ascending, then descending, then none (the list's own order, which may be
 * this column ascending again).
 */
export function nextSort(current: string | null | undefined, sortKey: string): string | null {
  const dir = sortDirection(current, sortKey);
  return dir === "none" ? sortKey : dir === "ascending" ? `-${sortKey}` : null;
}
