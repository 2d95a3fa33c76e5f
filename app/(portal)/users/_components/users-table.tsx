"use client";
import { PawPrint } from "lucide-react";
import { CellText, Chip, EntityTable, sortable, statusColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deleteUserAction, restoreUserAction } from "../actions";

export type UserRow = {
  id: number;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  user_name: string | null;
  email: string;
  phone: string | null;
  position_name: string | null;
  franchisee_name: string | null;
  is_active: number;
  is_kyc_verified: number;
};
type Row = UserRow;
type R = ScreenRow<Row>;

/** KYC chips read like the status chip ('Active'), and as the form and the history name the states. */
const KYC = [
  { label: "Pending", tone: "muted" },
  { label: "Approved", tone: "ok" },
  { label: "Rejected", tone: "no" },
] as const;

const nameOf = (r: R) => r.user_name ?? [r.first_name, r.middle_name, r.last_name].filter(Boolean).join(" ");

/**
 * The users table, shared by /users and /franchisee-staffs (spec 000 §2.9): `href` is the list's route, so a row
 * opens the edit screen that returns to that list.
 */
export function UsersTable(props: ListScreenProps<Row> & { href: string }) {
  return (
    <EntityTable
      {...props}
      label={nameOf}
      actions={{ delete: deleteUserAction, restore: restoreUserAction }}
      messages={{ deleted: "User deleted successfully.", restored: "User restored successfully." }}
      // A customer's page (issue 22): pets, addresses, requests, walks with their report cards.
      links={(r) =>
        r.position_name?.toUpperCase() === "CUSTOMER" && !r.franchisee_name && !props.trash
          ? [
              {
                href: `/customers/${r.id}`,
                label: `Customer page of ${nameOf(r)}`,
                tip: "Customer Page",
                icon: PawPrint,
              },
            ]
          : []
      }
      columns={[
        statusColumn<R>(),
        {
          id: "name",
          header: sortable("Name", "name"),
          meta: { title: true },
          cell: ({ row }) => <CellText text={nameOf(row.original)} />,
        },
        {
          id: "email",
          header: sortable("Email", "email"),
          meta: { priority: 5 },
          cell: ({ row }) => <CellText text={row.original.email} />,
        },
        {
          id: "phone",
          header: "Phone",
          meta: { priority: 2, card: true },
          cell: ({ row }) => row.original.phone ?? "",
        },
        {
          id: "position",
          header: "Position",
          meta: { priority: 3, card: true },
          cell: ({ row }) => <CellText text={row.original.position_name} />,
        },
        {
          id: "franchisee",
          header: "Franchisee",
          meta: { priority: 4 },
          cell: ({ row }) => <CellText text={row.original.franchisee_name} />,
        },
        {
          id: "kyc",
          header: "KYC",
          meta: { priority: 3, card: true },
          cell: ({ row }) => {
            const k = KYC[row.original.is_kyc_verified] ?? KYC[0];
            return <Chip tone={k.tone}>{k.label}</Chip>;
          },
        },
      ]}
    />
  );
}
