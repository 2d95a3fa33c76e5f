"use client";
import type { ColumnDef } from "@tanstack/react-table";
import { CellText, DataTable, actionColumn, statusColumn } from "@/components/data-table";
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
    statusColumn<PermissionRow>(),
    { id: "module", header: "Module", cell: ({ row }) => <CellText text={row.original.module_name} /> },
    {
      id: "permission",
      header: "Permission",
      cell: ({ row }) => <CellText text={row.original.permission_name} />,
    },
    actionColumn<PermissionRow>({
      trash,
      label: (r) => r.permission_name,
      editHref: canView ? (r) => `/permissions/${r.id}` : undefined,
      onDelete: canDelete ? (r) => deletePermissionAction(r.id) : undefined,
      deleteSuccess: "Permission deleted successfully.",
      onRestore: canRestore ? (r) => restorePermissionAction(r.id) : undefined,
      restoreSuccess: "Permission restored successfully.",
    }),
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
