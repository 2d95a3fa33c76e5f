"use client";
import { EntityTable, statusColumn, textColumn, ZoneCell } from "@/components/data-table";
import { CellText } from "@/components/data-table/cell-text";
import type { ClientApproval } from "@/lib/platform/approval";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { approvalColumn } from "../../_components/career-requests";
import {
  decideFranchiseeRequestAction,
  deleteFranchiseeRequestAction,
  restoreFranchiseeRequestAction,
  updateFranchiseeRequestAction,
} from "../actions";

type Row = ScreenRow<{
  id: number;
  request_by_name: string | null;
  full_name: string;
  age: number | null;
  phone_no: string | null;
  email: string | null;
  address: string | null;
  city: string | null;
  pin_code: string | null;
  gender_label: string;
  zone_id: number | null;
  zone: string | null;
  applying_as_label: string;
  currently_operate_business: string;
  business_description: string | null;
  has_franchisee_business: string;
  franchisee_description: string | null;
  is_experienced_pet_industry: string;
  proposed_franchisee_location: string | null;
  preferred_work_type_label: string;
  support_interest: string | null;
  heard_from: string | null;
  status: number;
  rejection_reason: string | null;
  created_record_id: string | null;
  is_active: number;
}>;

/**
 * The franchisee applications (spec 002 §3, labels of §9). The zone is a dropdown for whoever may update and is no
 * MASTER FRANCHISEE (`zones` given), text otherwise. Approving offers to create the franchisee from the application.
 */
export function FranchiseeRequestsTable({
  canFollow,
  approval,
  zones,
  ...props
}: ListScreenProps<Row> & {
  canFollow: boolean;
  approval: ClientApproval;
  zones: { value: string; label: string }[] | null;
}) {
  return (
    <EntityTable
      {...props}
      label={(r) => r.full_name}
      actions={{ delete: deleteFranchiseeRequestAction, restore: restoreFranchiseeRequestAction }}
      columns={[
        statusColumn<Row>(),
        approvalColumn<Row>({
          label: (r) => r.full_name,
          approval,
          enabled: !props.trash,
          canFollow,
          follow: { kind: "franchisee" },
          decide: decideFranchiseeRequestAction,
        }),
        textColumn<Row>("Request By", "request_by_name", { priority: 7 }),
        textColumn<Row>("Full Name", "full_name", { title: true }),
        textColumn<Row>("Age", "age"),
        textColumn<Row>("Phone", "phone_no", { priority: 2, card: true }),
        textColumn<Row>("Email", "email", { priority: 6 }),
        textColumn<Row>("Address", "address"),
        textColumn<Row>("City", "city", { priority: 3, card: true }),
        textColumn<Row>("Pincode", "pin_code"),
        textColumn<Row>("Gender", "gender_label"),
        {
          id: "zone",
          header: "Zone",
          // Admins assign the zone here: it stays in view before the application's details.
          meta: { priority: 4 },
          cell: ({ row }) =>
            zones && props.may.update && !props.trash ? (
              <ZoneCell
                key={`${row.original.id}:${row.original.zone_id ?? ""}`}
                label={row.original.full_name}
                zoneId={row.original.zone_id}
                zoneName={row.original.zone}
                zones={zones}
                save={(zone) => updateFranchiseeRequestAction(row.original.id, { zone_id: zone })}
              />
            ) : (
              <CellText text={row.original.zone} />
            ),
        },
        textColumn<Row>("Applying As", "applying_as_label", { priority: 5, card: true }),
        textColumn<Row>("Currently Operate Business", "currently_operate_business"),
        textColumn<Row>("Business Description", "business_description"),
        textColumn<Row>("Has Franchisee Business", "has_franchisee_business"),
        textColumn<Row>("Franchisee Description", "franchisee_description"),
        textColumn<Row>("Experienced In Pet Industry", "is_experienced_pet_industry"),
        textColumn<Row>("Proposed Franchisee Location", "proposed_franchisee_location"),
        textColumn<Row>("Preferred Work Type", "preferred_work_type_label"),
        textColumn<Row>("Support Interest", "support_interest"),
        textColumn<Row>("Heard From", "heard_from"),
      ]}
    />
  );
}
