"use client";
import { CellText, EntityTable, sortable, statusColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deleteRoleAction } from "../actions";

type Row = { id: number; name: string; is_active: number; built_in: boolean };

/** Sr No, Status, Name, Action; built-in roles keep no delete button (they cannot be deleted). */
export function RolesTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      href="/roles"
      label={(r) => r.name}
      actions={{ delete: deleteRoleAction }}
      deletable={(r) => !r.built_in}
      messages={{ deleted: "Role deleted successfully.", restored: "" }}
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
