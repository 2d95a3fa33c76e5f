"use client";
import type { ColumnDef } from "@tanstack/react-table";
import { Badge } from "@/components/ui/badge";
import { CellText, DataTable, actionColumn, statusColumn } from "@/components/data-table";
import { deleteUserAction, restoreUserAction } from "../actions";

/** A list row as the browser gets it: opaque id, no dates. */
export type UserRow = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  employee_code: string | null;
  position_name: string | null;
  franchisee_name: string | null;
  is_active: number;
  is_kyc_verified: number;
};

type Props = {
  rows: UserRow[];
  count: number;
  page: number;
  rowsPerPage: number;
  trash: boolean;
  canEdit: boolean;
  canDelete: boolean;
  canRestore: boolean;
  /** Appended to edit links, so the edit screen returns to the list it came from (the staff list). */
  editQuery?: string;
};

const KYC = [
  { label: "PENDING", variant: "secondary" },
  { label: "APPROVED", variant: "success" },
  { label: "REJECTED", variant: "danger" },
] as const;

/** The users table, shared by /users and /franchisee-staffs (spec 000 §2.9). */
export function UsersTable({
  rows,
  count,
  page,
  rowsPerPage,
  trash,
  canEdit,
  canDelete,
  canRestore,
  editQuery = "",
}: Props) {
  const columns: ColumnDef<UserRow>[] = [
    statusColumn<UserRow>(),
    { id: "name", header: "Name", cell: ({ row }) => <CellText text={row.original.name} /> },
    { id: "email", header: "Email", cell: ({ row }) => <CellText text={row.original.email} /> },
    { id: "phone", header: "Phone", cell: ({ row }) => row.original.phone ?? "" },
    { id: "position", header: "Position", cell: ({ row }) => <CellText text={row.original.position_name} /> },
    {
      id: "franchisee",
      header: "Franchisee",
      cell: ({ row }) => <CellText text={row.original.franchisee_name} />,
    },
    {
      id: "kyc",
      header: "KYC",
      cell: ({ row }) => {
        const k = KYC[row.original.is_kyc_verified] ?? KYC[0];
        return <Badge variant={k.variant}>{k.label}</Badge>;
      },
    },
    actionColumn<UserRow>({
      trash,
      label: (r) => r.name,
      editHref: canEdit ? (r) => `/users/${r.id}${editQuery}` : undefined,
      onDelete: canDelete ? (r) => deleteUserAction(r.id) : undefined,
      deleteSuccess: "User deleted successfully.",
      onRestore: canRestore ? (r) => restoreUserAction(r.id) : undefined,
      restoreSuccess: "User restored successfully.",
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
