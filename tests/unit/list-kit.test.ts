import { describe, expect, it } from "vitest";
import { activeFilters, clearAll } from "@/components/data-table/active-filters";
import type { FilterDef } from "@/components/data-table/list-toolbar";
import { nextSort, sortDirection } from "@/components/data-table/sort-state";

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
