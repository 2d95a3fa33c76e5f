import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import {
  browserWalks,
  LEAVE_TABLE_FIELDS,
  LEAVE_TYPE_LABELS,
  leaveApproval,
  leaveRequestsCrud,
} from "@/lib/jobs/leave-requests";
import { withPickers } from "@/lib/options/option-sources";
import { clientApproval } from "@/lib/platform/approval";
import { filterBar } from "@/lib/platform/list";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { exportLeaveRequestsAction } from "./actions";
import { LeaveRequestsTable } from "./_components/leave-requests-table";
import { formatTimeOfDay } from "@/lib/format";

export const metadata = { title: "Leave Requests" };

/**
 * Leave Requests or Deleted Leave Requests (spec 002 §2): approval status, walker, date, leave type, active status,
 * keyword (walker's name, employee code, phone, reason); trash, export. A franchisee's admin sees their
 * franchisee's leave only. Pending rows offer Approve (the replacement picker in the DecisionDialog) and
 * Reject to holders of leave_requests.approve; approved rows the reassign dialog.
 */
export default async function LeaveRequestsPage({ searchParams }: ListPageProps) {
  const s = await listScreen(leaveRequestsCrud, searchParams, { fields: LEAVE_TABLE_FIELDS });
  // The walker filter searches the caller's franchisee's (or the company's) staff on the server.
  const filters = await withPickers(s.ctx, filterBar(leaveRequestsCrud.def.list), s.raw, {
    user_id: { source: "staff" },
  });
  const table = s.table.then((t) => ({
    ...t,
    rows: t.rows.map((r) => ({
      ...r,
      leave_type_label: LEAVE_TYPE_LABELS[r.leave_type] ?? r.leave_type,
      times:
        r.start_time && r.end_time ? `${formatTimeOfDay(r.start_time)} – ${formatTimeOfDay(r.end_time)}` : "",
      walks: browserWalks(r.walks),
    })),
  }));
  table.catch(() => {});
  return (
    <EntityListPage
      {...s.page}
      filters={filters}
      searchPlaceholder="Search by walker, employee code, phone or reason"
      exportAction={exportLeaveRequestsAction}
    >
      <ListRows table={table} rows={s.query.rowsPerPage}>
        {(t) => <LeaveRequestsTable {...t} approval={clientApproval(s.ctx, leaveApproval)} />}
      </ListRows>
    </EntityListPage>
  );
}
