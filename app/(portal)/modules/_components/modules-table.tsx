"use client";
import type { ColumnDef } from "@tanstack/react-table";
import { CellText, DataTable, RowActions, StatusChip } from "@/components/data-table";
import { deleteModuleAction, restoreModuleAction } from "../actions";

export type ModuleRow = { id: string; name: string; is_active: number };

type Props = {
  rows: ModuleRow[];
  count: number;
  page: number;
  rowsPerPage: number;
  trash: boolean;
  /** The edit screen opens read-only for those who may view but not update (a company ADMIN). */
  canView: boolean;
  canDelete: boolean;
  canRestore: boolean;
};

export function ModulesTable({
  rows,
  count,
  page,
  rowsPerPage,
  trash,
  canView,
  canDelete,
  canRestore,
}: Props) {
  const columns: ColumnDef<ModuleRow>[] = [
    { id: "status", header: "Status", cell: ({ row }) => <StatusChip active={row.original.is_active} /> },
    { id: "name", header: "Name", cell: ({ row }) => <CellText text={row.original.name} /> },
    {
      id: "action",
      header: "Action",
      cell: ({ row }) =>
        trash ? (
          <RowActions
            entityLabel={row.original.name}
            onRestore={canRestore ? () => restoreModuleAction(row.original.id) : undefined}
            restoreSuccess="Module restored successfully."
          />
        ) : (
          <RowActions
            entityLabel={row.original.name}
            editHref={canView ? `/modules/${row.original.id}` : undefined}
            onDelete={canDelete ? () => deleteModuleAction(row.original.id) : undefined}
            deleteSuccess="Module deleted successfully."
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
