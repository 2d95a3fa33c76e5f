"use client";
import { FileCheck, Users } from "lucide-react";
import { CellText, Chip, EntityTable, statusColumn, textColumn, ZoneCell } from "@/components/data-table";
import { DecisionCell } from "@/components/approval/decision-cell";
import type { ClientApproval } from "@/lib/platform/approval";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import {
  decideFranchiseeAction,
  deleteFranchiseeAction,
  restoreFranchiseeAction,
  updateFranchiseeZoneAction,
} from "../actions";

type Row = ScreenRow<{
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  zone_id: number | null;
  zone: string | null;
  status: number;
  is_kyc_valid: number;
  is_active: number;
}>;

/**
 * Sr No, Status, Name, Email, Phone, Zone (a dropdown for those who may change it, else text), Approval Status,
 * KYC Valid (YES/NO), Action: the franchisee's staff and KYC documents, edit, delete; restore in the trash view.
 */
export function FranchiseesTable({
  zones,
  approval,
  ...props
}: ListScreenProps<Row> & { zones: { value: string; label: string }[] | null; approval: ClientApproval }) {
  return (
    <EntityTable
      {...props}
      label={(r) => r.name}
      actions={{ delete: deleteFranchiseeAction, restore: restoreFranchiseeAction }}
      links={(r) => [
        {
          href: `/franchisee-staffs?franchisee_id=${r.id}`,
          label: `Staff of ${r.name}`,
          tip: "Staff",
          icon: Users,
        },
        {
          href: `/franchisee-kyc-documents?franchisee_id=${r.id}`,
          label: `KYC documents of ${r.name}`,
          tip: "KYC Documents",
          icon: FileCheck,
        },
      ]}
      columns={[
        statusColumn<Row>(),
        textColumn<Row>("Name", "name", { sort: true, title: true }),
        textColumn<Row>("Email", "email", { sort: true, priority: 4 }),
        textColumn<Row>("Phone", "phone", { priority: 2, card: true }),
        {
          id: "zone",
          header: "Zone",
          meta: { priority: 3, card: true },
          cell: ({ row }) =>
            zones && !props.trash ? (
              <ZoneCell
                key={`${row.original.id}:${row.original.zone_id ?? ""}`}
                label={row.original.name}
                zoneId={row.original.zone_id}
                zoneName={row.original.zone}
                zones={zones}
                save={(zone) => updateFranchiseeZoneAction(row.original.id, zone)}
              />
            ) : (
              <CellText text={row.original.zone} />
            ),
        },
        {
          id: "approval",
          header: "Approval Status",
          meta: { className: "w-px" },
          // The state; Approve / Reject on a pending row for approvers (the approval kernel's cell).
          cell: ({ row }) => (
            <DecisionCell
              approval={approval}
              row={{ id: row.original.id, status: row.original.status }}
              label={row.original.name}
              decide={decideFranchiseeAction}
              enabled={!props.trash}
            />
          ),
        },
        {
          id: "kyc",
          header: "KYC Valid",
          meta: { className: "w-px", priority: 2, card: true },
          cell: ({ row }) => (
            <Chip tone={row.original.is_kyc_valid ? "ok" : "no"} tip="KYC valid">
              {row.original.is_kyc_valid ? "YES" : "NO"}
            </Chip>
          ),
        },
      ]}
    />
  );
}
