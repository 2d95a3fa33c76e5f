import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import {
  customerWalkRequestsCrud,
  walkRequestApproval,
  walkRequestStatistics,
} from "@/lib/jobs/customer-walk-requests";
import { clientApproval } from "@/lib/platform/approval";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { exportWalkRequestsAction } from "./actions";
import { StatCards } from "./_components/stat-cards";
import { WalkRequestsView } from "./_components/walk-requests-view";

export const metadata = { title: "Customer Walk Requests" };

/** The list's page size (spec 002 §9: customer walk requests use 5); the pager still offers the others. */
const PAGE_SIZE = "5";

/**
 * Customer Walk Requests (spec 002 §2): four statistic cards, search, Request Type, Status, Refund Status and the
 * requested date; a table on wide screens, cards with a menu on small ones (both rendered, CSS picks). View
 * Details, Approve (pending reschedules), Reject (any pending), Delete / Restore. Requests come from the app: no Add.
 */
export default async function CustomerWalkRequestsPage({ searchParams }: ListPageProps) {
  const withPageSize = searchParams.then((raw) => ({ rowsPerPage: PAGE_SIZE, ...raw }));
  const s = await listScreen(customerWalkRequestsCrud, withPageSize, {
    fields: [
      "request_type",
      "status",
      "customer_name",
      "customer_phone",
      "customer_email",
      "pet_name",
      "original_date",
      "original_timeslot",
      "new_date",
      "new_timeslot",
      "reason",
      "hours_before_walk",
      "refund_eligibility",
      "refund_amount",
      "requested_at",
    ],
  });
  const stats = walkRequestStatistics(s.ctx).catch((e: unknown) => {
    console.error("[customer-walk-requests] statistics", e);
    return null;
  });
  return (
    <EntityListPage
      {...s.page}
      may={{ ...s.page.may, create: false }}
      searchPlaceholder="Search customer, reason..."
      exportAction={exportWalkRequestsAction}
    >
      {s.trash ? null : <StatCards stats={stats} />}
      <ListRows table={s.table} rows={5}>
        {(t) => <WalkRequestsView {...t} approval={clientApproval(s.ctx, walkRequestApproval)} />}
      </ListRows>
    </EntityListPage>
  );
}
