"use client";
import type { ColumnDef } from "@tanstack/react-table";
import { CellText, DataTable, RowActions, StatusChip } from "@/components/data-table";
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
    { id: "status", header: "Status", cell: ({ row }) => <StatusChip active={row.original.is_active} /> },
    { id: "name", header: "Name", cell: ({ row }) => <CellText text={row.original.name} /> },
    {
      id: "action",
      header: "Action",
      cell: ({ row }) =>
        trash ? (
          <RowActions
            entityLabel={row.original.name}
            onRestore={canRestore ? () => restorePositionAction(row.original.id) : undefined}
            restoreSuccess="Position restored successfully."
          />
        ) : (
          <RowActions
            entityLabel={row.original.name}
            editHref={canEdit ? `/positions/${row.original.id}` : undefined}
            onDelete={canDelete ? () => deletePositionAction(row.original.id) : undefined}
            deleteSuccess="Position deleted successfully."
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
