"use client";
import { dateColumn, EntityTable, statusColumn, textColumn } from "@/components/data-table";
import type { ClientApproval } from "@/lib/platform/approval";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { approvalColumn } from "../../_components/career-requests";
import {
  decideDaycareRequestAction,
  deleteDaycareRequestAction,
  restoreDaycareRequestAction,
} from "../actions";

type Row = ScreenRow<{
  id: number;
  request_by_name: string | null;
  full_name: string;
  date_of_birth: string | null;
  phone_no: string | null;
  email: string | null;
  address: string | null;
  pin_code: string | null;
  gender_label: string;
  preferred_work_type_label: string;
  available_on: string | null;
  preferred_timeslot: string | null;
  open_to_pickup_drop: string;
  is_experienced: string;
  experience_description: string | null;
  is_experienced_day_care: string;
  experienced_day_care_description: string | null;
  is_commfortable_with_sizes: string;
  commfortable_description: string | null;
  additional_description: string | null;
  has_allergies: string;
  allergies_details: string | null;
  status: number;
  rejection_reason: string | null;
  created_record_id: string | null;
  is_active: number;
}>;

/** The daycare applications (spec 002 §3; work type labels of §9); approving offers to create the staff user. */
export function DaycareRequestsTable({
  canFollow,
  approval,
  ...props
}: ListScreenProps<Row> & { canFollow: boolean; approval: ClientApproval }) {
  return (
    <EntityTable
      {...props}
      label={(r) => r.full_name}
      actions={{ delete: deleteDaycareRequestAction, restore: restoreDaycareRequestAction }}
      columns={[
        statusColumn<Row>(),
        approvalColumn<Row>({
          label: (r) => r.full_name,
          approval,
          enabled: !props.trash,
          canFollow,
          follow: { kind: "staff", career: "daycare" },
          decide: decideDaycareRequestAction,
        }),
        textColumn<Row>("Request By", "request_by_name", { priority: 6 }),
        textColumn<Row>("Full Name", "full_name", { title: true }),
        dateColumn<Row>("Date of Birth", "date_of_birth"),
        textColumn<Row>("Phone", "phone_no", { priority: 2, card: true }),
        textColumn<Row>("Email", "email", { priority: 5 }),
        textColumn<Row>("Address", "address"),
        textColumn<Row>("Pincode", "pin_code"),
        textColumn<Row>("Gender", "gender_label"),
        textColumn<Row>("Preferred Work Type", "preferred_work_type_label", { priority: 3, card: true }),
        textColumn<Row>("Available On", "available_on", { priority: 4, card: true }),
        textColumn<Row>("Preferred Timeslot", "preferred_timeslot"),
        textColumn<Row>("Open To Pickup Drop", "open_to_pickup_drop"),
        textColumn<Row>("Is Experienced", "is_experienced"),
        textColumn<Row>("Experience Details", "experience_description"),
        textColumn<Row>("Experienced In Day Care", "is_experienced_day_care"),
        textColumn<Row>("Day Care Experience", "experienced_day_care_description"),
        textColumn<Row>("Comfortable With Sizes", "is_commfortable_with_sizes"),
        textColumn<Row>("Comfort Details", "commfortable_description"),
        textColumn<Row>("Additional Details", "additional_description"),
        textColumn<Row>("Has Allergies", "has_allergies"),
        textColumn<Row>("Allergy Details", "allergies_details"),
      ]}
    />
  );
}
