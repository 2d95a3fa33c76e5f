"use client";
import { EntityTable, statusColumn, textColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deleteKycDocumentTypeAction, restoreKycDocumentTypeAction } from "../actions";

type Row = ScreenRow<{
  id: number;
  code: string;
  description: string;
  applies_to: number;
  is_required: number;
  requires_expiry: number;
  is_active: number;
}>;

const yesNo = (v: number) => (v === 1 ? "YES" : "NO");

/** Sr No, Status, Code, Description, Applies To, Required, Requires Expiry, Action. */
export function KycDocumentTypesTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      label={(r) => r.description}
      actions={{ delete: deleteKycDocumentTypeAction, restore: restoreKycDocumentTypeAction }}
      columns={[
        statusColumn<Row>(),
        textColumn<Row>("Code", "code"),
        textColumn<Row>("Description", "description", { sort: true }),
        {
          id: "applies_to",
          header: "Applies To",
          cell: ({ row }) => (row.original.applies_to === 2 ? "STAFF" : "FRANCHISEE"),
        },
        { id: "is_required", header: "Required", cell: ({ row }) => yesNo(row.original.is_required) },
        {
          id: "requires_expiry",
          header: "Requires Expiry",
          cell: ({ row }) => yesNo(row.original.requires_expiry),
        },
      ]}
    />
  );
}
