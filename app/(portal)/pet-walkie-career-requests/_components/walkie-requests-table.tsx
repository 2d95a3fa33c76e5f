"use client";
import { Users } from "lucide-react";
import { EntityTable, statusColumn, textColumn } from "@/components/data-table";
import type { ClientApproval } from "@/lib/platform/approval";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { approvalColumn } from "../../_components/career-requests";
import { decideWalkieRequestAction, deleteWalkieRequestAction, restoreWalkieRequestAction } from "../actions";

export type WalkieRequestRow = ScreenRow<{
  id: number;
  user_name: string;
  age: number | null;
  phone_no: string | null;
  whatsapp_no: string | null;
  area: string | null;
  pincode: string | null;
  preferred_timeslot: string | null;
  is_experienced_label: string;
  has_internet_access_label: string;
  status: number;
  rejection_reason: string | null;
  created_record_id: string | null;
  is_active: number;
}>;
type Row = WalkieRequestRow;

/**
 * Sr No, Status, Approval (Approve / Reject on pending rows), the walker's fields (spec 002 §3), Action: edit
 * (the review), the users view, delete; restore in the trash view.
 */
export function WalkieRequestsTable({
  canFollow,
  approval,
  ...props
}: ListScreenProps<Row> & { canFollow: boolean; approval: ClientApproval }) {
  return (
    <EntityTable
      {...props}
      label={(r) => r.user_name}
      actions={{ delete: deleteWalkieRequestAction, restore: restoreWalkieRequestAction }}
      links={(r) =>
        props.may.view
          ? [
              {
                href: `${props.href}/${r.id}/pet-walkie-career-request-users`,
                label: `Users of ${r.user_name}`,
                tip: "Users",
                icon: Users,
              },
            ]
          : []
      }
      columns={[
        statusColumn<Row>(),
        approvalColumn<Row>({
          label: (r) => r.user_name,
          approval,
          enabled: !props.trash,
          canFollow,
          follow: { kind: "staff", career: "walkie" },
          decide: decideWalkieRequestAction,
        }),
        textColumn<Row>("Full Name", "user_name", { title: true }),
        textColumn<Row>("Age", "age", { priority: 5 }),
        textColumn<Row>("Phone", "phone_no", { priority: 2, card: true }),
        textColumn<Row>("WhatsApp No", "whatsapp_no"),
        textColumn<Row>("Area", "area", { priority: 3, card: true }),
        textColumn<Row>("Pincode", "pincode"),
        textColumn<Row>("Preferred Timeslot", "preferred_timeslot", { priority: 4, card: true }),
        textColumn<Row>("Is Experienced", "is_experienced_label"),
        textColumn<Row>("Has Internet Access", "has_internet_access_label"),
      ]}
    />
  );
}
