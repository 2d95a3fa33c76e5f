"use client";
import type { ColumnDef } from "@tanstack/react-table";
import { CellText, DataTable, RowActions, statusColumn } from "@/components/data-table";
import { deleteRoleAction } from "../actions";

export type RoleRow = { id: string; name: string; is_active: number; builtIn: boolean };

type Props = {
  rows: RoleRow[];
  count: number;
  page: number;
  rowsPerPage: number;
  /** Opens the role: the edit form, or the read-only view for a caller who may not change roles. */
  canOpen: boolean;
  canDelete: boolean;
};

/** Sr No, Status, Name, Action. Roles have no trash view; built-in roles offer no delete. */
export function RolesTable({ rows, count, page, rowsPerPage, canOpen, canDelete }: Props) {
  const columns: ColumnDef<RoleRow>[] = [
    statusColumn<RoleRow>(),
    { id: "name", header: "Name", cell: ({ row }) => <CellText text={row.original.name} /> },
    {
      id: "action",
      header: "Action",
      cell: ({ row }) => (
        <RowActions
          entityLabel={row.original.name}
          editHref={canOpen ? `/roles/${row.original.id}` : undefined}
          onDelete={canDelete && !row.original.builtIn ? () => deleteRoleAction(row.original.id) : undefined}
          deleteSuccess="Role deleted successfully."
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
