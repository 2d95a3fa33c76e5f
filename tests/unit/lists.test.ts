import { describe, expect, it } from "vitest";
import { companies } from "@/db/schema";
import { MAX_PAGE_ROWS, parseListParams, type ListSpec } from "@/lib/platform/lists";

const spec: ListSpec = {
  table: companies,
  id: companies.id,
  isActive: companies.is_active,
  deletedAt: companies.deleted_at,
  search: [companies.name],
  filters: {
    position_id: { column: companies.id, kind: "intList" },
    franchisee_id: { column: companies.id, kind: "int" },
  },
};

describe("list parameters", () => {
  it("defaults to page 1 of 10 live rows", () => {
    expect(parseListParams({}, spec)).toEqual({
      page: 1,
      rowsPerPage: 10,
      search: "",
      isActive: null,
      showDeleted: false,
      filters: {},
    });
  });

  it("reads the spec's parameters and ignores unknown ones", () => {
    const p = parseListParams(
      new URLSearchParams(
        "page=3&rowsPerPage=25&search_keyword=%20paws%20&is_active=0&show_deleted=1&position_id=1,2,x&franchisee_id=9&role=1",
      ),
      spec,
    );
    expect(p).toEqual({
      page: 3,
      rowsPerPage: 25,
      search: "paws",
      isActive: 0,
      showDeleted: true,
      filters: { position_id: [1, 2], franchisee_id: 9 },
    });
  });

  it("takes the trash view from open_trash and caps ALL", () => {
    const p = parseListParams({ open_trash: "1", rowsPerPage: "1000000", page: "-4" }, spec);
    expect(p.showDeleted).toBe(true);
    expect(p.rowsPerPage).toBe(MAX_PAGE_ROWS);
    expect(p.page).toBe(1);
  });

  it("has no trash view for a list without soft delete", () => {
    expect(parseListParams({ show_deleted: "1" }, { ...spec, deletedAt: undefined }).showDeleted).toBe(false);
  });
});
