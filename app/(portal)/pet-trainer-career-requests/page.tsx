import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { withOpaqueCreated } from "@/lib/franchise/career-requests";
import {
  petTrainerCareerRequest,
  petTrainerCareerRequestsCrud,
} from "@/lib/franchise/pet-trainer-career-requests";
import { clientApproval } from "@/lib/platform/approval";
import { can } from "@/lib/platform/context";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { exportTrainerRequestsAction } from "./actions";
import { TrainerRequestsTable } from "./_components/trainer-requests-table";

export const metadata = { title: "Trainer Career Requests" };

/**
 * Trainer Career Requests (spec 002 §2): keyword, active status and approval status; trash, export. No Add: the
 * applications come from the mobile app (the spec shows no create page for trainers).
 */
export default async function TrainerRequestsPage({ searchParams }: ListPageProps) {
  const s = await listScreen(petTrainerCareerRequestsCrud, searchParams, {
    fields: [
      "user_name",
      "dob",
      "phone_no",
      "email",
      "address",
      "pincode",
      "preferred_timeslot",
      "gender_label",
      "is_experienced_label",
      "experience_description",
      "trained_animal_type",
      "trained_animal_description",
      "language_spoken",
      "other_language_spoken",
      "status",
      "rejection_reason",
      "created_record_id",
      "is_active",
    ],
  });
  return (
    <EntityListPage
      {...s.page}
      may={{ ...s.page.may, create: false }}
      searchPlaceholder="Search by name, phone, email, animal or language"
      exportAction={exportTrainerRequestsAction}
    >
      <ListRows table={withOpaqueCreated(s.table)} rows={s.query.rowsPerPage}>
        {(t) => (
          <TrainerRequestsTable
            {...t}
            approval={clientApproval(s.ctx, petTrainerCareerRequest.approval)}
            canFollow={can(s.ctx, "users.view")}
          />
        )}
      </ListRows>
    </EntityListPage>
  );
}
