import { describe, expect, it } from "vitest";
import {
  cardPlaces,
  defaultHiding,
  fitCss,
  hiddenColumns,
  resolveColumns,
  TOGGLE_WIDTH,
  type ColumnDecl,
} from "@/components/data-table/column-fit";

// A list as the table sees it: Sr No, Status, a decision, its data columns, Action.
const decls: ColumnDecl[] = [
  { id: "sr_no", label: "Sr No" },
  { id: "status", label: "Status" },
  { id: "approval", label: "Approval" },
  { id: "request_by", label: "Request By" },
  { id: "full_name", label: "Full Name", title: true },
  { id: "dob", label: "Date of Birth", kind: "date" },
  { id: "phone", label: "Phone" },
  { id: "address", label: "Address" },
  { id: "notes", label: "Notes", priority: 2 },
  { id: "action", label: "Action" },
];
const widths = {
  sr_no: 50,
  status: 80,
  approval: 200,
  request_by: 120,
  full_name: 150,
  dob: 110,
  phone: 130,
  address: 300,
  notes: 200,
  action: 90,
};
const total = Object.values(widths).reduce((a, b) => a + b, 0);

describe("which columns hide at a width", () => {
  const cols = resolveColumns(decls);

  it("hides nothing when the table fits", () => {
    expect(hiddenColumns(cols, total, widths)).toEqual([]);
  });

  it("hides undeclared columns from the right first, declared priorities last", () => {
    // 100 px short: Address (the rightmost undeclared) goes, and the detail toggle's room is counted.
    expect(hiddenColumns(cols, total - 100, widths)).toEqual(["address"]);
    expect(hiddenColumns(cols, total - 300 - TOGGLE_WIDTH + 1, widths)).toEqual(["address", "phone"]);
    // Notes (priority 2) outlasts every undeclared column.
    expect(hiddenColumns(cols, 810, widths)).toEqual(["address", "phone", "dob", "request_by"]);
  });

  it("never hides Sr No, the title, Status, the decision or Action", () => {
    const hidden = hiddenColumns(cols, 100, widths);
    expect(hidden).toEqual(["address", "phone", "dob", "request_by", "notes"]);
    for (const id of ["sr_no", "status", "approval", "full_name", "action"]) expect(hidden).not.toContain(id);
  });

  it("keeps a column the user chose to show, and hides one the user hid however wide the box", () => {
    expect(hiddenColumns(cols, 700, widths, { address: "show" })).not.toContain("address");
    expect(hiddenColumns(cols, 5000, widths, { phone: "hide" })).toEqual(["phone"]);
    // The user cannot hide a locked column.
    expect(hiddenColumns(cols, 5000, widths, { full_name: "hide" })).toEqual([]);
  });

  it("counts a column's estimate until it has been measured", () => {
    const { address, ...measured } = widths;
    void address;
    const est = cols.find((c) => c.id === "address")!.estimate;
    expect(est).toBeGreaterThan(0);
    expect(hiddenColumns(cols, total - 300 + est, measured)).toEqual([]);
  });
});

describe("the title and the phone card", () => {
  it("takes the first data column as the title when none is declared", () => {
    const cols = resolveColumns(decls.map(({ title, ...d }) => (void title, d)));
    expect(cols.find((c) => c.role === "title")?.id).toBe("request_by");
  });

  it("defaults the card to the status columns, the first date and the most important other", () => {
    const cols = resolveColumns(decls);
    expect(cols.filter((c) => c.card).map((c) => c.id)).toEqual(["status", "approval", "full_name", "dob"]);
    expect(cardPlaces(cols)).toEqual([2, 3, 5, 6]);
  });

  it("shows exactly the declared card fields when a list declares them", () => {
    const cols = resolveColumns(
      decls.map((d) => (d.id === "phone" || d.id === "approval" ? { ...d, card: true } : d)),
    );
    expect(cols.filter((c) => c.card).map((c) => c.id)).toEqual(["status", "approval", "full_name", "phone"]);
  });
});

describe("the table's style sheet", () => {
  const cols = resolveColumns(decls);

  it("guesses by container width on the server, narrower boxes hiding more", () => {
    const steps = defaultHiding(cols);
    expect(steps.length).toBeGreaterThan(0);
    for (let i = 1; i < steps.length; i++)
      expect(steps[i].places.length).toBeLessThanOrEqual(steps[i - 1].places.length);
    const css = fitCss('[data-dt="t"]', cols, null);
    expect(css).toContain("@container (width < ");
  });

  it("hides the measured set by place, labels the card fields and escapes their headers", () => {
    const css = fitCss('[data-dt="t"]', cols, { phone: false, hidden: ["address"] });
    expect(css).toContain(
      '[data-dt="t"]>table>thead>tr>th:is(:nth-child(8)),[data-dt="t"] .dt-tr>td:is(:nth-child(8)){display:none}',
    );
    expect(css).not.toContain("@container");
    const quoted = resolveColumns([{ id: "x", label: 'Say "hi"', card: true }]);
    expect(fitCss("s", quoted, null)).not.toContain('"hi"');
    expect(fitCss('[data-dt="t"]', cols, null)).toContain('content:"Date of Birth"');
  });
});
