import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import {
  customerWalkRequestsCrud,
  TABLE_FIELDS,
  walkRequestApproval,
  walkRequestDetails,
  walkRequestStatistics,
} from "@/lib/jobs/customer-walk-requests";
import { clientApproval } from "@/lib/platform/approval";
import type { Ctx } from "@/lib/platform/context";
import { decodeId, encodeId } from "@/lib/platform/ids";
import { rawParam } from "@/lib/platform/list";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { exportWalkRequestsAction } from "./actions";
import { StatCards } from "./_components/stat-cards";
import { WalkRequestsView, type OpenRequest } from "./_components/walk-requests-view";

export const metadata = { title: "Customer Walk Requests" };

/** The list's page size (spec 002 §9: customer walk requests use 5); the pager still offers the others. */
const PAGE_SIZE = "5";

/**
 * The request the URL names (request=<opaque id>: View Details, and the inbox's and notifications' link to it), whose
 * details dialog opens over the list, whatever the filters; a missing or foreign one is only logged (spec 002 §8).
 */
async function openRequest(
  ctx: Ctx,
  raw: Awaited<ListPageProps["searchParams"]>,
): Promise<OpenRequest | null> {
  const id = decodeId(rawParam(raw, "request"));
  if (id == null) return null;
  return walkRequestDetails(ctx, id).then(
    (d) => ({ ...d, data: { ...d.data, id: encodeId(d.data.id) } }),
    (e: unknown) => {
      console.error("[customer-walk-requests] details", e);
      return null;
    },
  );
}

/**
 * Customer Walk Requests (spec 002 §2): four statistic cards, search, Request Type, Status, Refund Status and the
 * requested date; a table on wide screens, cards with a menu on small ones (both rendered, CSS picks). View
 * Details (the URL's request=), Approve (pending reschedules), Reject (any pending), Delete / Restore. Requests come
 * from the app: no Add.
 */
export default async function CustomerWalkRequestsPage({ searchParams }: ListPageProps) {
  const withPageSize = searchParams.then((raw) => ({ rowsPerPage: PAGE_SIZE, ...raw }));
  const s = await listScreen(customerWalkRequestsCrud, withPageSize, {
    fields: TABLE_FIELDS,
  });
  const stats = walkRequestStatistics(s.ctx).catch((e: unknown) => {
    console.error("[customer-walk-requests] statistics", e);
    return null;
  });
  const view = Promise.all([s.table, openRequest(s.ctx, await searchParams)]);
  return (
    <EntityListPage
      {...s.page}
      may={{ ...s.page.may, create: false }}
      searchPlaceholder="Search customer, reason..."
      exportAction={exportWalkRequestsAction}
    >
      {s.trash ? null : <StatCards stats={stats} />}
      <ListRows table={view} rows={5}>
        {([t, details]) => (
          <WalkRequestsView {...t} approval={clientApproval(s.ctx, walkRequestApproval)} details={details} />
        )}
      </ListRows>
    </EntityListPage>
  );
}
