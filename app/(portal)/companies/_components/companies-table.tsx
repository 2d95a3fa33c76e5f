"use client";
import type { ColumnDef } from "@tanstack/react-table";
import { CellText, DataTable, actionColumn, statusColumn } from "@/components/data-table";
import { deleteCompanyAction, restoreCompanyAction } from "../actions";

export type CompanyRow = {
  id: string;
  name: string;
  email: string;
  phone: string;
  admin_name: string | null;
  city: string | null;
  is_active: number;
  logo_url: string | null;
};

type Props = {
  rows: CompanyRow[];
  count: number;
  page: number;
  rowsPerPage: number;
  trash: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canRestore: boolean;
};

export function CompaniesTable({
  rows,
  count,
  page,
  rowsPerPage,
  trash,
  canEdit,
  canDelete,
  canRestore,
}: Props) {
  const columns: ColumnDef<CompanyRow>[] = [
    statusColumn<CompanyRow>(),
    {
      id: "name",
      header: "Name",
      cell: ({ row }) => (
        <div className="flex items-center gap-2">
          {row.original.logo_url ? (
            // eslint-disable-next-line @next/next/no-img-element -- served by the authorised file route
            <img src={row.original.logo_url} alt="" className="size-7 rounded object-cover" />
          ) : null}
          <CellText text={row.original.name} />
        </div>
      ),
    },
    { id: "email", header: "Email", cell: ({ row }) => <CellText text={row.original.email} /> },
    { id: "phone", header: "Phone", cell: ({ row }) => row.original.phone },
    {
      id: "admin_name",
      header: "Admin Name",
      cell: ({ row }) => <CellText text={row.original.admin_name ?? ""} />,
    },
    { id: "city", header: "City", cell: ({ row }) => row.original.city ?? "" },
    actionColumn<CompanyRow>({
      trash,
      label: (r) => r.name,
      editHref: canEdit ? (r) => `/companies/${r.id}` : undefined,
      onDelete: canDelete ? (r) => deleteCompanyAction(r.id) : undefined,
      deleteSuccess: "Company deleted successfully.",
      onRestore: canRestore ? (r) => restoreCompanyAction(r.id) : undefined,
      restoreSuccess: "Company restored successfully.",
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
