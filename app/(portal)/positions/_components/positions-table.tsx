"use client";
import type { ColumnDef } from "@tanstack/react-table";
import { CellText, DataTable, actionColumn, statusColumn } from "@/components/data-table";
import { deletePositionAction, restorePositionAction } from "../actions";

export type PositionRow = { id: string; name: string; is_active: number };

type Props = {
  rows: PositionRow[];
  count: number;
  page: number;
  rowsPerPage: number;
  trash: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canRestore: boolean;
};

/** Sr No, Status, Name, Action; the trash view offers restore instead of edit and delete. */
export function PositionsTable({
  rows,
  count,
  page,
  rowsPerPage,
  trash,
  canEdit,
  canDelete,
  canRestore,
}: Props) {
  const columns: ColumnDef<PositionRow>[] = [
    statusColumn<PositionRow>(),
    { id: "name", header: "Name", cell: ({ row }) => <CellText text={row.original.name} /> },
    actionColumn<PositionRow>({
      trash,
      label: (r) => r.name,
      editHref: canEdit ? (r) => `/positions/${r.id}` : undefined,
      onDelete: canDelete ? (r) => deletePositionAction(r.id) : undefined,
      deleteSuccess: "Position deleted successfully.",
      onRestore: canRestore ? (r) => restorePositionAction(r.id) : undefined,
      restoreSuccess: "Position restored successfully.",
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
