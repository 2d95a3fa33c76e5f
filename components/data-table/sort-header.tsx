"use client";
import { createContext, useContext } from "react";
import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import { nextSort, sortDirection } from "./sort-state";
import { useListUrl } from "./url-state";

/**
 * The sort the rows are in (`name`, `-name`), as the server applied it (the list's default when the URL has none);
 * provided by the table, so headers show the default sort too. Outside a table the URL's `sort` is read.
 */
export const SortContext = createContext<string | null | undefined>(undefined);

/**
 * A sortable column header (the sortable-table pattern of the ARIA practices): a button named by the column, the
 * state on the header cell's `aria-sort` (set by the table), written to the URL as `sort=key` / `sort=-key` (the
 * server whitelists the key).
 */
export function SortHeader({ label, sortKey }: { label: string; sortKey: string }) {
  const { params, update } = useListUrl();
  const provided = useContext(SortContext);
  const current = provided === undefined ? params.get("sort") : provided;
  const dir = sortDirection(current, sortKey);
  const Icon = dir === "ascending" ? ArrowUp : dir === "descending" ? ArrowDown : ArrowUpDown;
  return (
    <button
      type="button"
      className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
      onClick={() => update({ sort: nextSort(current, sortKey) })}
    >
      {label}
      <Icon className={dir === "none" ? "size-3.5 text-slate-400" : "size-3.5 text-teal-700"} aria-hidden />
    </button>
  );
}

type SortableHeader = (() => React.ReactNode) & { sort: { label: string; sortKey: string } };

/**
 * A column's header: sortable when given a sort key the list declares. The table renders such a header itself
 * (a stable element, so focus stays on the button when the rows come back sorted) and sets its `aria-sort`.
 */
export const sortable = (label: string, sortKey: string): SortableHeader => {
  const Header = () => <SortHeader label={label} sortKey={sortKey} />;
  return Object.assign(Header, { sort: { label, sortKey } });
};

/** The label and sort key of a header made by `sortable`, if it is one. */
export function sortOf(header: unknown): { label: string; sortKey: string } | undefined {
  return typeof header === "function" ? (header as Partial<SortableHeader>).sort : undefined;
}
