import { describe, expect, it } from "vitest";
import type { ColumnDef } from "@tanstack/react-table";
import { cellSlots, stableColumns } from "@/components/data-table/stable-cells";

type Row = { id: number; name: string };

/** A table's columns as its component builds them on each render: new cell functions every time. */
const columnsOf = (suffix: string): ColumnDef<Row>[] => [
  { accessorKey: "name", header: "Name", cell: ({ row }) => `${row.original.name}${suffix}` },
  { id: "actions", header: () => "Action", cell: () => `edit${suffix}` },
  { header: "Plain", cell: () => `plain${suffix}` },
];
const call = (c: ColumnDef<Row>, name = "Asha") =>
  (c.cell as (p: unknown) => unknown)({ row: { original: { id: 1, name } } });

describe("a list's cells across renders (useStableCells)", () => {
  it("keep one cell function per column, so the table does not remount every cell on each render", () => {
    const slots = cellSlots();
    const first = stableColumns(slots, columnsOf(""));
    const second = stableColumns(slots, columnsOf("!"));
    expect(second.map((c) => c.cell)).toEqual(first.map((c) => c.cell));
    expect(first.every((c) => typeof c.cell === "function")).toBe(true);
  });

  it("render what the latest render's columns say", () => {
    const slots = cellSlots();
    const first = stableColumns(slots, columnsOf(""));
    expect(first.map((c) => call(c))).toEqual(["Asha", "edit", "plain"]);
    stableColumns(slots, columnsOf(" (new)"));
    expect(first.map((c) => call(c))).toEqual(["Asha (new)", "edit (new)", "plain (new)"]);
  });

  it("leave headers as they are (a sortable header carries its sort key) and text cells as text", () => {
    const header = Object.assign(() => "Name", { sort: { label: "Name", sortKey: "name" } });
    const [c] = stableColumns(cellSlots(), [{ accessorKey: "name", header, cell: "x" } as ColumnDef<Row>]);
    expect(c.header).toBe(header);
    expect(c.cell).toBe("x");
  });

  it("keep separate tables apart", () => {
    const a = stableColumns(cellSlots(), columnsOf(""));
    const b = stableColumns(cellSlots(), columnsOf(""));
    expect(a[0].cell).not.toBe(b[0].cell);
  });
});
