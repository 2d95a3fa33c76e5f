"use client";
import { Users } from "lucide-react";
import { dateColumn, EntityTable, statusColumn, textColumn } from "@/components/data-table";
import type { ClientApproval } from "@/lib/platform/approval";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { approvalColumn } from "../../_components/career-requests";
import {
  decideTrainerRequestAction,
  deleteTrainerRequestAction,
  restoreTrainerRequestAction,
} from "../actions";

type Row = ScreenRow<{
  id: number;
  user_name: string;
  dob: string | null;
  phone_no: string | null;
  email: string | null;
  address: string | null;
  pincode: string | null;
  preferred_timeslot: string | null;
  gender_label: string;
  is_experienced_label: string;
  experience_description: string | null;
  trained_animal_type: string | null;
  trained_animal_description: string | null;
  language_spoken: string | null;
  other_language_spoken: string | null;
  status: number;
  rejection_reason: string | null;
  created_record_id: string | null;
  is_active: number;
}>;

/**
 * The trainer's own fields under the headers the spec names (the earlier client bound walker fields there, spec
 * 002 §3): full name, date of birth, phone, email, address, pincode, preferred timeslot, gender, is experienced,
 * experience details, animal trained, animal description, language spoken, other language spoken.
 */
export function TrainerRequestsTable({
  canFollow,
  approval,
  ...props
}: ListScreenProps<Row> & { canFollow: boolean; approval: ClientApproval }) {
  return (
    <EntityTable
      {...props}
      label={(r) => r.user_name}
      actions={{ delete: deleteTrainerRequestAction, restore: restoreTrainerRequestAction }}
      links={(r) =>
        props.may.view
          ? [
              {
                href: `${props.href}/${r.id}/pet-trainer-career-request-users`,
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
          follow: { kind: "staff", career: "trainer" },
          decide: decideTrainerRequestAction,
        }),
        textColumn<Row>("Full Name", "user_name", { title: true }),
        dateColumn<Row>("Date of Birth", "dob"),
        textColumn<Row>("Phone", "phone_no", { priority: 2, card: true }),
        textColumn<Row>("Email", "email", { priority: 5 }),
        textColumn<Row>("Address", "address"),
        textColumn<Row>("Pincode", "pincode"),
        textColumn<Row>("Preferred Timeslot", "preferred_timeslot", { priority: 4, card: true }),
        textColumn<Row>("Gender", "gender_label"),
        textColumn<Row>("Is Experienced", "is_experienced_label", { priority: 6 }),
        textColumn<Row>("Experience Details", "experience_description"),
        textColumn<Row>("Animal Trained", "trained_animal_type", { priority: 3, card: true }),
        textColumn<Row>("Animal Description", "trained_animal_description"),
        textColumn<Row>("Language Spoken", "language_spoken"),
        textColumn<Row>("Other Language Spoken", "other_language_spoken"),
      ]}
    />
  );
}
