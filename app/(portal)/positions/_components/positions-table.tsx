"use client";
import { CellText, EntityTable, sortable, statusColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deletePositionAction, restorePositionAction } from "../actions";

type Row = { id: number; name: string; is_active: number };

/** Sr No, Status, Name, Action; the trash view offers restore instead of edit and delete. */
export function PositionsTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      href="/positions"
      label={(r) => r.name}
      actions={{ delete: deletePositionAction, restore: restorePositionAction }}
      messages={{ deleted: "Position deleted successfully.", restored: "Position restored successfully." }}
      columns={[
        statusColumn<ScreenRow<Row>>(),
        {
          id: "name",
          header: sortable("Name", "name"),
          cell: ({ row }) => <CellText text={row.original.name} />,
        },
      ]}
    />
  );
}
