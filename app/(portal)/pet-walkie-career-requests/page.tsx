import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { withOpaqueCreated } from "@/lib/franchise/career-requests";
import {
  petWalkieCareerRequest,
  petWalkieCareerRequestsCrud,
} from "@/lib/franchise/pet-walkie-career-requests";
import { clientApproval } from "@/lib/platform/approval";
import { can } from "@/lib/platform/context";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { exportWalkieRequestsAction } from "./actions";
import { WalkieRequestsTable } from "./_components/walkie-requests-table";

export const metadata = { title: "Walkie Career Requests" };

/** Walkie Career Requests (spec 002 §2): keyword, active status and approval status; trash, export, paper entry. */
export default async function WalkieRequestsPage({ searchParams }: ListPageProps) {
  const s = await listScreen(petWalkieCareerRequestsCrud, searchParams, {
    fields: [
      "user_name",
      "age",
      "phone_no",
      "whatsapp_no",
      "area",
      "pincode",
      "preferred_timeslot",
      "is_experienced_label",
      "has_internet_access_label",
      "status",
      "rejection_reason",
      "created_record_id",
      "is_active",
    ],
  });
  return (
    <EntityListPage
      {...s.page}
      searchPlaceholder="Search by name, phone, area or pincode"
      exportAction={exportWalkieRequestsAction}
    >
      <ListRows table={withOpaqueCreated(s.table)} rows={s.query.rowsPerPage}>
        {(t) => (
          <WalkieRequestsTable
            {...t}
            approval={clientApproval(s.ctx, petWalkieCareerRequest.approval)}
            canFollow={can(s.ctx, "users.view")}
          />
        )}
      </ListRows>
    </EntityListPage>
  );
}
