import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { withOpaqueCreated } from "@/lib/franchise/career-requests";
import { daycareCareerRequest, daycareCareerRequestsCrud } from "@/lib/franchise/daycare-career-requests";
import { clientApproval } from "@/lib/platform/approval";
import { can } from "@/lib/platform/context";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { exportDaycareRequestsAction } from "./actions";
import { DaycareRequestsTable } from "./_components/daycare-requests-table";

export const metadata = { title: "Daycare Career Requests" };

/** Daycare Career Requests (spec 002 §2): keyword, active status and approval status; trash, export. No Add. */
export default async function DaycareRequestsPage({ searchParams }: ListPageProps) {
  const s = await listScreen(daycareCareerRequestsCrud, searchParams, {
    fields: [
      "request_by_name",
      "full_name",
      "date_of_birth",
      "phone_no",
      "email",
      "address",
      "pin_code",
      "gender_label",
      "preferred_work_type_label",
      "available_on",
      "preferred_timeslot",
      "open_to_pickup_drop",
      "is_experienced",
      "experience_description",
      "is_experienced_day_care",
      "experienced_day_care_description",
      "is_commfortable_with_sizes",
      "commfortable_description",
      "additional_description",
      "has_allergies",
      "allergies_details",
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
      searchPlaceholder="Search by name, phone, email, address or pincode"
      exportAction={exportDaycareRequestsAction}
    >
      <ListRows table={withOpaqueCreated(s.table)} rows={s.query.rowsPerPage}>
        {(t) => (
          <DaycareRequestsTable
            {...t}
            approval={clientApproval(s.ctx, daycareCareerRequest.approval)}
            canFollow={can(s.ctx, "users.view")}
          />
        )}
      </ListRows>
    </EntityListPage>
  );
}
