"use client";
import { CellText, EntityTable, sortable, statusColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deleteModuleAction, restoreModuleAction } from "../actions";

type Row = { id: number; name: string; is_active: number };

/** Sr No, Status, Name, Action; the edit screen opens read-only for those who may view but not update. */
export function ModulesTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      href="/modules"
      label={(r) => r.name}
      actions={{ delete: deleteModuleAction, restore: restoreModuleAction }}
      messages={{ deleted: "Module deleted successfully.", restored: "Module restored successfully." }}
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
