import { describe, expect, it } from "vitest";
import { companies } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import {
  MAX_PAGE_ROWS,
  dateRangeFilter,
  defineList,
  filterBar,
  intFilter,
  parseListQuery,
  referenceFilter,
} from "@/lib/platform/list";

const list = defineList({
  from: companies,
  select: { id: companies.id, name: companies.name },
  id: companies.id,
  isActive: companies.is_active,
  deletedAt: companies.deleted_at,
  search: [companies.name],
  filters: {
    position_id: referenceFilter(companies.id, "Position", { multiple: true }),
    franchisee_id: intFilter(companies.id, "Franchisee"),
    created: dateRangeFilter(companies.created_at, "Created"),
  },
  sort: { name: companies.name },
});

const fieldErrorsOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return { status: e.status, fieldErrors: e.fieldErrors };
    throw e;
  }
  throw new Error("no error");
};

describe("list parameters", () => {
  it("defaults to page 1 of 10 live rows, newest first", () => {
    const q = parseListQuery(list, {});
    expect(q).toMatchObject({ page: 1, rowsPerPage: 10, search: "", trash: false, sort: null, cursor: null });
    expect(q.where).toEqual([]);
  });

  it("reads the spec's parameters, whitelisted filters and sort, and ignores unknown ones", () => {
    const q = parseListQuery(
      list,
      new URLSearchParams(
        "page=3&rowsPerPage=25&search_keyword=%20paws%20&is_active=0&show_deleted=1&position_id=1,2&franchisee_id=9&role=1&sort=-name",
      ),
    );
    expect(q).toMatchObject({ page: 3, rowsPerPage: 25, search: "paws", trash: true, sortParam: "-name" });
    expect(q.sort).toMatchObject({ key: "name", dir: "desc" });
    // status, position, franchisee: one condition each; the unknown role is not a filter of this list.
    expect(q.where).toHaveLength(3);
  });

  it("takes the trash view from open_trash and caps ALL", () => {
    const q = parseListQuery(list, { open_trash: "1", rowsPerPage: "1000000", page: "-4" });
    expect(q.trash).toBe(true);
    expect(q.rowsPerPage).toBe(MAX_PAGE_ROWS);
    expect(q.page).toBe(1);
  });

  it("has no trash view for a list without soft delete", () => {
    expect(parseListQuery({ ...list, deletedAt: undefined }, { show_deleted: "1" }).trash).toBe(false);
  });

  it("answers 422 on the parameter for a bad id, an id beyond the integer range, a bad date or an unknown sort", () => {
    expect(fieldErrorsOf(() => parseListQuery(list, { position_id: "1,x" }))).toEqual({
      status: 422,
      fieldErrors: { position_id: "The selected position is invalid." },
    });
    expect(fieldErrorsOf(() => parseListQuery(list, { position_id: "99999999999" })).status).toBe(422);
    expect(fieldErrorsOf(() => parseListQuery(list, { franchisee_id: "2147483648" })).status).toBe(422);
    expect(fieldErrorsOf(() => parseListQuery(list, { from_date: "2026-13-40" })).fieldErrors).toHaveProperty(
      "from_date",
    );
    expect(fieldErrorsOf(() => parseListQuery(list, { sort: "password" })).fieldErrors).toEqual({
      sort: "The selected sort is invalid.",
    });
    expect(fieldErrorsOf(() => parseListQuery(list, { search_keyword: "a\u0000b" })).status).toBe(422);
    expect(fieldErrorsOf(() => parseListQuery(list, { cursor: "not-a-cursor" })).fieldErrors).toEqual({
      cursor: "The cursor is invalid.",
    });
  });

  it("gives the toolbar each filter in declaration order, reference options from the page", () => {
    const bar = filterBar(list, { position_id: [{ value: "x", label: "CUSTOMER" }] });
    expect(bar.map((f) => [f.param, f.kind])).toEqual([
      ["is_active", "select"],
      ["position_id", "multi"],
      ["franchisee_id", "select"],
      ["created", "dateRange"],
    ]);
    expect(bar[1].options).toEqual([{ value: "x", label: "CUSTOMER" }]);
    expect(bar[3].params).toEqual({ from: "from_date", to: "to_date" });
  });
});
