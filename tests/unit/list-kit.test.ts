import { describe, expect, it } from "vitest";
import { activeFilters, clearAll } from "@/components/data-table/active-filters";
import type { FilterDef } from "@/components/data-table/list-toolbar";
import { pageTurn, pagerState } from "@/components/data-table/pager";
import { nextSort, sortDirection } from "@/components/data-table/sort-state";
import { listHref } from "@/components/data-table/url-state";

const FILTERS: FilterDef[] = [
  {
    param: "is_active",
    label: "Status",
    options: [
      { value: "1", label: "ACTIVE" },
      { value: "0", label: "INACTIVE" },
    ],
  },
  {
    param: "position_id",
    label: "Position",
    multiple: true,
    options: [
      { value: "a1", label: "WALKER" },
      { value: "b2", label: "TRAINER" },
    ],
  },
  {
    param: "created",
    label: "Created",
    kind: "dateRange",
    options: [],
    params: { from: "from_date", to: "to_date" },
  },
  { param: "month_year", label: "Month", kind: "month", options: [] },
];

describe("the filter bar's chips", () => {
  it("shows none for a list without search or filters, whatever its page, size, sort or view", () => {
    expect(
      activeFilters(new URLSearchParams("page=2&rowsPerPage=25&sort=-name&open_trash=1"), FILTERS),
    ).toEqual([]);
  });

  it("shows the search first, then each filter with its options' names, in the toolbar's order", () => {
    const chips = activeFilters(
      new URLSearchParams("position_id=b2,a1&search_keyword=%20tara%20&is_active=0&month_year=2026-11"),
      FILTERS,
    );
    expect(chips.map((c) => `${c.label}: ${c.value}`)).toEqual([
      "Search: tara",
      "Status: INACTIVE",
      "Position: TRAINER, WALKER",
      "Month: 2026-11",
    ]);
    expect(chips[2].clear).toEqual({ position_id: null });
  });

  it("shows a date range as one chip in DD-MM-YYYY, removing both ends", () => {
    const [both] = activeFilters(new URLSearchParams("from_date=2026-01-05&to_date=2026-02-01"), FILTERS);
    expect(both).toMatchObject({ label: "Created", value: "05-01-2026 – 01-02-2026" });
    expect(both.clear).toEqual({ from_date: null, to_date: null });
    const [from] = activeFilters(new URLSearchParams("from_date=2026-01-05"), FILTERS);
    expect(from.value).toBe("from 05-01-2026");
  });

  it("ignores an empty search and parameters that are not filters of this list", () => {
    expect(activeFilters(new URLSearchParams("search_keyword=%20&franchisee_id=x9"), FILTERS)).toEqual([]);
  });

  it("Clear all removes the search and every filter, and nothing else", () => {
    const chips = activeFilters(
      new URLSearchParams("search_keyword=a&is_active=1&from_date=2026-01-01&rowsPerPage=50&sort=name"),
      FILTERS,
    );
    expect(clearAll(chips)).toEqual({
      search_keyword: null,
      is_active: null,
      from_date: null,
      to_date: null,
    });
  });
});

describe("sortable headers", () => {
  it("read the rows' sort as aria-sort", () => {
    expect(sortDirection("name", "name")).toBe("ascending");
    expect(sortDirection("-name", "name")).toBe("descending");
    expect(sortDirection("-email", "name")).toBe("none");
    expect(sortDirection(null, "name")).toBe("none");
  });

  it("cycle ascending, descending, then the list's own order", () => {
    expect(nextSort(null, "name")).toBe("name");
    expect(nextSort("-email", "name")).toBe("name");
    expect(nextSort("name", "name")).toBe("-name");
    expect(nextSort("-name", "name")).toBeNull();
  });
});

describe("the pager", () => {
  it("counts pages by number near the start, and says 'about' for an estimated count", () => {
    const s = pagerState({ count: 1_000_000, estimated: true, page: 3, rowsPerPage: 10, ceiling: 1000 });
    expect(s.summary).toBe("21–30 of about 10,00,000");
    expect(s).toMatchObject({ noPrev: false, noNext: false, isAll: false });
  });

  it("shows ALL as the screen's ceiling and says so when the list is longer, with no further pages", () => {
    // ALL arrives as the server's page cap (10,000); the screen shows its first 1,000 rows.
    const big = pagerState({
      count: 1_000_000,
      estimated: true,
      page: 1,
      rowsPerPage: 10_000,
      ceiling: 1000,
    });
    expect(big.summary).toBe("Showing the first 1,000 of about 10,00,000 — narrow the filters or export");
    expect(big).toMatchObject({ isAll: true, noPrev: true, noNext: true });
    // A list within the ceiling is simply all of it.
    const small = pagerState({ count: 36, page: 1, rowsPerPage: 10_000, ceiling: 1000 });
    expect(small.summary).toBe("1–36 of 36");
  });

  it("offers Next only while the server says a row follows (next_cursor), whatever the estimate", () => {
    const at = { count: 20_000, estimated: true, page: 7, rowsPerPage: 10, ceiling: 1000 };
    expect(pagerState({ ...at, cursors: { prev: "p", next: null } }).noNext).toBe(true);
    expect(pagerState({ ...at, cursors: { prev: "p", next: "n" } }).noNext).toBe(false);
    // Without cursors (a list outside the screen kit) the count decides.
    expect(pagerState({ count: 30, page: 3, rowsPerPage: 10 }).noNext).toBe(true);
  });

  it("turns pages by number while at most 10,000 rows are skipped, then by keyset cursor", () => {
    const cursors = { prev: "P", next: "N" };
    // Page 1,001 of 10 skips exactly 10,000 rows: still a number.
    expect(pageTurn(1000, 10, "next", cursors)).toEqual({ page: "1001", cursor: null, before: null });
    // Page 1,002 would skip 10,010: the next page after this one's last row.
    expect(pageTurn(1001, 10, "next", cursors)).toEqual({ page: "1002", cursor: "N", before: null });
    expect(pageTurn(5001, 10, "prev", cursors)).toEqual({ page: "5000", cursor: null, before: "P" });
    // Back near the start, numbers again (no cursor to carry).
    expect(pageTurn(1002, 10, "prev", cursors)).toEqual({ page: "1001", cursor: null, before: null });
    expect(pageTurn(2, 10, "prev", cursors)).toEqual({ page: null, cursor: null, before: null });
  });

  it("drops the cursors with the page when a filter, search, sort or page size changes", () => {
    const deep = new URLSearchParams("page=5001&cursor=abc&is_active=1&rowsPerPage=10");
    expect(listHref("/users", deep, { sort: "-name" })).toBe("/users?is_active=1&rowsPerPage=10&sort=-name");
    expect(listHref("/users", deep, { search_keyword: "kiara" })).toBe(
      "/users?is_active=1&rowsPerPage=10&search_keyword=kiara",
    );
    // Turning the page keeps the other parameters and replaces the cursor.
    expect(listHref("/users", deep, pageTurn(5001, 10, "prev", { prev: "P", next: "N" }))).toBe(
      "/users?page=5000&is_active=1&rowsPerPage=10&before=P",
    );
  });
});
