"use client";
import type { ColumnDef } from "@tanstack/react-table";
import { CellText, DataTable, RowActions, StatusChip } from "@/components/data-table";
import { deletePermissionAction, restorePermissionAction } from "../actions";

export type PermissionRow = { id: string; permission_name: string; module_name: string; is_active: number };

type Props = {
  rows: PermissionRow[];
  count: number;
  page: number;
  rowsPerPage: number;
  trash: boolean;
  /** The edit screen opens read-only for those who may view but not update (a company ADMIN). */
  canView: boolean;
  canDelete: boolean;
  canRestore: boolean;
};

export function PermissionsTable({
  rows,
  count,
  page,
  rowsPerPage,
  trash,
  canView,
  canDelete,
  canRestore,
}: Props) {
  const columns: ColumnDef<PermissionRow>[] = [
    { id: "status", header: "Status", cell: ({ row }) => <StatusChip active={row.original.is_active} /> },
    { id: "module", header: "Module", cell: ({ row }) => <CellText text={row.original.module_name} /> },
    {
      id: "permission",
      header: "Permission",
      cell: ({ row }) => <CellText text={row.original.permission_name} />,
    },
    {
      id: "action",
      header: "Action",
      cell: ({ row }) =>
        trash ? (
          <RowActions
            entityLabel={row.original.permission_name}
            onRestore={canRestore ? () => restorePermissionAction(row.original.id) : undefined}
            restoreSuccess="Permission restored successfully."
          />
        ) : (
          <RowActions
            entityLabel={row.original.permission_name}
            editHref={canView ? `/permissions/${row.original.id}` : undefined}
            onDelete={canDelete ? () => deletePermissionAction(row.original.id) : undefined}
            deleteSuccess="Permission deleted successfully."
          />
        ),
    },
  ];
  return (
    <DataTable
      columns={columns}
      data={rows}
      count={count}
      page={page}
      rowsPerPage={rowsPerPage}
      emptyText="No data found"
    />
  );
}
