"use client";
import { useState } from "react";
import { useRouter } from "next/navigation";
import { DecisionCell } from "@/components/approval/decision-cell";
import { dateColumn, EntityTable, textColumn } from "@/components/data-table";
import { useDialogs } from "@/components/shell/dialogs";
import { withIst } from "@/components/ist";
import { Button } from "@/components/ui/button";
import { formatDate } from "@/lib/format";
import type { BrowserWalk, LeaveTableRow } from "@/lib/jobs/leave-requests";
import type { ClientApproval } from "@/lib/platform/approval";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import {
  decideLeaveRequestAction,
  deleteLeaveRequestAction,
  leaveWalksAction,
  restoreLeaveRequestAction,
} from "../actions";
import { checkReplacement, LeaveReplacementFields, REPLACEMENT_DIALOG } from "./leave-replacement-fields";
import { LeaveWalksTable } from "./leave-walks";
import { ReassignDialog } from "./reassign-dialog";

/** The list's row as the page hands it: the times joined, the type's label, the walks as the browser gets them. */
type Row = ScreenRow<
  Omit<LeaveTableRow, "walks"> & { times: string; leave_type_label: string; walks: BrowserWalk[] }
>;

/**
 * A row's status (spec 002 §2, §4) through the kernel's DecisionCell: Approve opens the DecisionDialog with the
 * replacement picker inside, Reject its confirmation; after an approval (and on approved rows with walks, by
 * Reassign) the full-day or walk reassign dialog.
 */
function StatusCell({ row, approval, trash }: { row: Row; approval: ClientApproval; trash: boolean }) {
  const router = useRouter();
  const dialogs = useDialogs();
  // The reassign dialog's walks while it is open.
  const [reassign, setReassign] = useState<BrowserWalk[] | null>(null);
  const label = `${row.requested_by ?? "walker"} on ${formatDate(row.date)}`;
  const mayReassign = !trash && approval.transitions.length > 0;
  return (
    <div className="flex min-w-52 flex-wrap items-center gap-1">
      <DecisionCell
        approval={approval}
        row={{ id: row.id, status: row.status, reason: row.admin_remarks }}
        label={label}
        decide={decideLeaveRequestAction}
        enabled={!trash}
        extra={(t) => (t === "approve" ? (f) => <LeaveReplacementFields {...f} id={row.id} /> : undefined)}
        validate={(t) => (t === "approve" ? checkReplacement : undefined)}
        dialog={(t) => (t === "approve" ? REPLACEMENT_DIALOG : undefined)}
        onDone={(t) => {
          dialogs.success(approval.transitions.find((x) => x.name === t)?.success ?? "");
          // §4: after the approval a full_day leave opens the full-day reassign dialog, a time_range leave the walk
          // reassign dialog (when it has walks to show), with the walks as the approval left them (who has each now).
          // The list refreshes when that dialog closes: a refresh now would remount this cell and drop the dialog.
          if (t === "approve" && row.walks.length)
            void leaveWalksAction(row.id).then((r) => setReassign(r.ok ? r.data : row.walks));
          else router.refresh();
        }}
        decided={
          row.status === 1 && mayReassign && row.walks.length ? (
            <Button
              size="sm"
              variant="outline"
              aria-label={`Reassign the walks of ${label}`}
              onClick={() => setReassign(row.walks)}
            >
              Reassign
            </Button>
          ) : null
        }
      />
      {reassign ? (
        <ReassignDialog
          leaveId={row.id}
          fullDay={row.leave_type !== "time_range"}
          walks={reassign}
          onClose={() => {
            setReassign(null);
            router.refresh();
          }}
        />
      ) : null}
    </div>
  );
}

/**
 * The leave requests (spec 002 §2, §3): Status (with Approve / Reject), Requested by, Date, Start and End Time, Leave
 * Type, Reason (cut at 85 characters, the full text in a tooltip), Replacement, and the Walks sub-table.
 */
export function LeaveRequestsTable({
  approval,
  ...props
}: ListScreenProps<Row> & { approval: ClientApproval }) {
  return (
    <EntityTable
      {...props}
      label={(r) => `leave of ${r.requested_by ?? ""} on ${r.date}`}
      actions={{ delete: deleteLeaveRequestAction, restore: restoreLeaveRequestAction }}
      columns={[
        {
          id: "status",
          header: "Status",
          cell: ({ row }) => (
            <StatusCell key={row.original.id} row={row.original} approval={approval} trash={!!props.trash} />
          ),
        },
        textColumn<Row>("Requested by", "requested_by", { title: true }),
        dateColumn<Row>("Date", "date", { sort: true, priority: 2, card: true }),
        // A time range's times are India's: the quiet IST after them.
        {
          ...textColumn<Row>("Start and End Time", "times", { priority: 3, card: true }),
          cell: ({ row }) => withIst(row.original.times),
        },
        textColumn<Row>("Leave Type", "leave_type_label", { priority: 3, card: true }),
        textColumn<Row>("Reason", "reason", { priority: 5 }),
        // Who covers the walks: in view as long as the date is.
        textColumn<Row>("Replacement", "replacement_name", { priority: 2 }),
        {
          id: "walks",
          header: "Walks",
          meta: { priority: 6 },
          cell: ({ row }) => (
            <LeaveWalksTable walks={row.original.walks} approved={row.original.status === 1} />
          ),
        },
      ]}
    />
  );
}
