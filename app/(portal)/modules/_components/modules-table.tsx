"use client";
import type { ColumnDef } from "@tanstack/react-table";
import { CellText, DataTable, actionColumn, statusColumn } from "@/components/data-table";
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
    statusColumn<ModuleRow>(),
    { id: "name", header: "Name", cell: ({ row }) => <CellText text={row.original.name} /> },
    actionColumn<ModuleRow>({
      trash,
      label: (r) => r.name,
      editHref: canView ? (r) => `/modules/${r.id}` : undefined,
      onDelete: canDelete ? (r) => deleteModuleAction(r.id) : undefined,
      deleteSuccess: "Module deleted successfully.",
      onRestore: canRestore ? (r) => restoreModuleAction(r.id) : undefined,
      restoreSuccess: "Module restored successfully.",
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
