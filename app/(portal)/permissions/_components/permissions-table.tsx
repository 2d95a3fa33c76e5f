"use client";
import { CellText, EntityTable, sortable, statusColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deletePermissionAction, restorePermissionAction } from "../actions";

type Row = { id: number; permission_name: string; is_active: number; module: { id: number; name: string } };

/** Sr No, Status, Module, Permission, Action; read-only edit screens for those who may view but not update. */
export function PermissionsTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      href="/permissions"
      label={(r) => r.permission_name}
      actions={{ delete: deletePermissionAction, restore: restorePermissionAction }}
      messages={{
        deleted: "Permission deleted successfully.",
        restored: "Permission restored successfully.",
      }}
      columns={[
        statusColumn<ScreenRow<Row>>(),
        {
          id: "module",
          header: sortable("Module", "module"),
          cell: ({ row }) => <CellText text={row.original.module.name} />,
        },
        {
          id: "permission_name",
          header: sortable("Permission", "permission_name"),
          cell: ({ row }) => <CellText text={row.original.permission_name} />,
        },
      ]}
    />
  );
}
