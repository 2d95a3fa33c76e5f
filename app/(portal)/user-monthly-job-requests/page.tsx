import { masterRows, ZONES_VALUE } from "@/lib/franchise/master-rows";
import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import {
  franchiseeStep,
  MONTHLY_SCREEN_FIELDS,
  monthlyRequestsCrud,
  monthlyStepOf,
  monthlyToolbarFilters,
} from "@/lib/jobs/monthly-requests";
import { clientApproval } from "@/lib/platform/approval";
import { withPickers } from "@/lib/options/option-sources";
import { encodeId } from "@/lib/platform/ids";
import { filterBar } from "@/lib/platform/list";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { exportMonthlyRequestsAction } from "./actions";
import { MonthlyRequestsTable, type Step } from "./_components/monthly-requests-table";
import { MONTH_NAMES as MONTHS } from "@/lib/format";

export const metadata = { title: "User Monthly Job Requests" };

/**
 * User Monthly Job Requests or Deleted User Monthly Job Requests (spec 002 §2): search (customer, address), approval
 * status, franchisee, user, month, year, zone (not for a master franchisee or a franchisee's admin, §6), active; a
 * franchisee's admin sees their franchisee's requests only (the scope), a master franchisee their zones'. The zone
 * is an inline dropdown for those who may update, never for a master franchisee.
 */
export default async function MonthlyRequestsPage({ searchParams }: ListPageProps) {
  const s = await listScreen(monthlyRequestsCrud, searchParams, {
    fields: MONTHLY_SCREEN_FIELDS,
  });
  // The zones only: the plans (thousands in a big company) are searched in the form, never shipped with the list.
  const zones = await masterRows(s.ctx, ZONES_VALUE);
  const year = new Date().getFullYear();
  // Franchisees and customers grow with the company: their filters search on the server.
  const filters = await withPickers(
    s.ctx,
    filterBar(
      monthlyRequestsCrud.def.list,
      {
        zone_id: zones.map((z) => ({ value: encodeId(z.id), label: z.description })),
        month: MONTHS.map((label, i) => ({ value: String(i + 1), label })),
        year: [year - 1, year, year + 1].map((y) => ({ value: String(y), label: String(y) })),
      },
      monthlyToolbarFilters(s.ctx),
    ),
    s.raw,
    { franchisee_id: { source: "franchisees" }, user_id: { source: "customers" } },
  );
  const zoneChoices =
    s.may.update && s.ctx.zoneIds == null
      ? zones.map((z) => ({ value: String(z.id), label: z.description }))
      : null;
  // The step of the workflow the caller decides from the list (a franchisee admin's, or an admin's).
  const decides = s.may.update ? monthlyStepOf(s.ctx) : null;
  const step: Step = decides && {
    column: decides === franchiseeStep ? "franchisee_approval_status" : "status",
    approval: clientApproval(s.ctx, decides),
  };
  return (
    <EntityListPage
      {...s.page}
      filters={filters}
      searchPlaceholder="Search by customer or address"
      exportAction={exportMonthlyRequestsAction}
    >
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => <MonthlyRequestsTable {...t} zones={zoneChoices} step={step} />}
      </ListRows>
    </EntityListPage>
  );
}
