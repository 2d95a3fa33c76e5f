"use client";
import type { ColumnDef } from "@tanstack/react-table";
import { EntityTable, sortable, StatusChip, textColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deleteStateGstAction, restoreStateGstAction } from "../actions";

type Row = ScreenRow<{ id: number; state_name: string | null; gst: number; is_active: number }>;

/** The Status chip with spec 001 §2's tooltips ('StateGst is Active' / 'StateGst is InActive'). */
const status: ColumnDef<Row> = {
  id: "status",
  header: "Status",
  meta: { className: "w-px" },
  cell: ({ row }) => (
    <StatusChip
      active={row.original.is_active}
      label={row.original.is_active === 1 ? "StateGst is Active" : "StateGst is InActive"}
    />
  ),
};

/** Sr No, Status, State, GST, Action; restore in the trash view. */
export function StateGstsTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      label={(r) => `GST of ${r.state_name ?? ""}`}
      actions={{ delete: deleteStateGstAction, restore: restoreStateGstAction }}
      columns={[
        status,
        textColumn<Row>("State", "state_name", { sort: true }),
        {
          id: "gst",
          header: sortable("GST", "gst"),
          cell: ({ row }) => <span className="tabular-nums">{`${row.original.gst}%`}</span>,
        },
      ]}
    />
  );
}
