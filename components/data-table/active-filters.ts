import { formatDate } from "@/lib/format";
import type { FilterDef } from "./list-toolbar";

/** One active filter of a list, as its chip shows it: 'Status: ACTIVE', and the URL change that removes it. */
export type FilterChip = {
  /** Stable key (the filter's parameter). */
  key: string;
  label: string;
  value: string;
  /** Parameters to remove from the URL. */
  clear: Record<string, null>;
};

const SEARCH = "search_keyword";

/**
 * The list's active filters read from its URL, in the toolbar's order, the search text first (it narrows the list
 * like any filter). Values show as the filter's options name them; a date range as 'DD-MM-YYYY – DD-MM-YYYY'.
 */
export function activeFilters(params: URLSearchParams, filters: FilterDef[]): FilterChip[] {
  const chips: FilterChip[] = [];
  const search = params.get(SEARCH)?.trim();
  if (search) chips.push({ key: SEARCH, label: "Search", value: search, clear: { [SEARCH]: null } });
  for (const f of filters) {
    if (f.kind === "dateRange" && f.params) {
      const from = params.get(f.params.from) ?? "";
      const to = params.get(f.params.to) ?? "";
      if (!from && !to) continue;
      const value =
        from && to ? `${day(from)} – ${day(to)}` : from ? `from ${day(from)}` : `until ${day(to)}`;
      chips.push({
        key: f.param,
        label: f.label,
        value,
        clear: { [f.params.from]: null, [f.params.to]: null },
      });
      continue;
    }
    const raw = params.get(f.param)?.trim();
    if (!raw) continue;
    const values = f.multiple || f.kind === "multi" ? raw.split(",").filter(Boolean) : [raw];
    const names = values.map((v) => f.options.find((o) => o.value === v)?.label ?? v);
    chips.push({ key: f.param, label: f.label, value: names.join(", "), clear: { [f.param]: null } });
  }
  return chips;
}

/** The URL change of 'Clear all': every chip's parameters (search and filters); page size, sort and view stay. */
export function clearAll(chips: FilterChip[]): Record<string, null> {
  return Object.assign({}, ...chips.map((c) => c.clear));
}

const day = (iso: string) => formatDate(iso) || iso;
