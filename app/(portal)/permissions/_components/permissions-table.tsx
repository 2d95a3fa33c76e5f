"use client";
import { CellText, EntityTable, sortable, statusColumn, textColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deletePermissionAction, restorePermissionAction } from "../actions";

type Row = ScreenRow<{
  id: number;
  permission_name: string;
  is_active: number;
  module: { id: number; name: string };
}>;

/** Sr No, Status, Module, Permission, Action; read-only edit screens for those who may view but not update. */
export function PermissionsTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      label={(r) => r.permission_name}
      actions={{ delete: deletePermissionAction, restore: restorePermissionAction }}
      columns={[
        statusColumn<Row>(),
        {
          id: "module",
          header: sortable("Module", "module"),
          cell: ({ row }) => <CellText text={row.original.module.name} />,
        },
        textColumn<Row>("Permission", "permission_name", { sort: true }),
      ]}
    />
  );
}
