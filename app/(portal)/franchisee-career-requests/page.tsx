import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { withOpaqueCreated } from "@/lib/franchise/career-requests";
import {
  franchiseeCareerRequest,
  franchiseeCareerRequestsCrud,
} from "@/lib/franchise/franchisee-career-requests";
import { masterRows, ZONES_VALUE } from "@/lib/franchise/master-rows";
import { clientApproval } from "@/lib/platform/approval";
import { can } from "@/lib/platform/context";
import { encodeId } from "@/lib/platform/ids";
import { filterBar } from "@/lib/platform/list";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { exportFranchiseeRequestsAction } from "./actions";
import { FranchiseeRequestsTable } from "./_components/franchisee-requests-table";

export const metadata = { title: "Franchisee Career Requests" };

/**
 * Franchisee Career Requests (spec 002 §2): keyword, active status, approval status and zone. A MASTER FRANCHISEE
 * sees only their zones' requests, the zone as text and no zone filter (§6). No Add: applications come from the app.
 */
export default async function FranchiseeRequestsPage({ searchParams }: ListPageProps) {
  const s = await listScreen(franchiseeCareerRequestsCrud, searchParams, {
    fields: [
      "request_by_name",
      "full_name",
      "age",
      "phone_no",
      "email",
      "address",
      "city",
      "pin_code",
      "gender_label",
      "zone_id",
      "zone",
      "applying_as_label",
      "currently_operate_business",
      "business_description",
      "has_franchisee_business",
      "franchisee_description",
      "is_experienced_pet_industry",
      "proposed_franchisee_location",
      "preferred_work_type_label",
      "support_interest",
      "heard_from",
      "status",
      "rejection_reason",
      "created_record_id",
      "is_active",
    ],
  });
  const master = s.ctx.zoneIds != null;
  const zones = master ? [] : await masterRows(s.ctx, ZONES_VALUE);
  const filters = filterBar(
    franchiseeCareerRequestsCrud.def.list,
    { zone_id: zones.map((z) => ({ value: encodeId(z.id), label: z.description })) },
    master ? ["is_active", "status"] : undefined,
  );
  return (
    <EntityListPage
      {...s.page}
      may={{ ...s.page.may, create: false }}
      filters={filters}
      searchPlaceholder="Search by name, phone, email, city or location"
      exportAction={exportFranchiseeRequestsAction}
    >
      <ListRows table={withOpaqueCreated(s.table)} rows={s.query.rowsPerPage}>
        {(t) => (
          <FranchiseeRequestsTable
            {...t}
            approval={clientApproval(s.ctx, franchiseeCareerRequest.approval)}
            canFollow={can(s.ctx, "franchisees.view")}
            zones={master ? null : zones.map((z) => ({ value: String(z.id), label: z.description }))}
          />
        )}
      </ListRows>
    </EntityListPage>
  );
}
