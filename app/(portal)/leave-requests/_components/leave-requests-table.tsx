"use client";
import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { Chip, dateColumn, EntityTable, textColumn } from "@/components/data-table";
import { CellText } from "@/components/data-table/cell-text";
import { settle } from "@/components/form/settle";
import { reportFailure, useDialogs } from "@/components/shell/dialogs";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { formatDate } from "@/lib/format";
import type { BrowserWalk } from "@/lib/jobs/leave-requests";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deleteLeaveRequestAction, rejectLeaveRequestAction, restoreLeaveRequestAction } from "../actions";
import { LeaveWalksTable } from "./leave-walks";
import { ReassignDialog } from "./reassign-dialog";
import { ReplacementModal } from "./replacement-modal";

type Row = ScreenRow<{
  id: number;
  status: number;
  requested_by: string | null;
  date: string;
  start_time: string | null;
  end_time: string | null;
  leave_type: string;
  leave_type_label: string;
  reason: string | null;
  replacement_name: string | null;
  admin_remarks: string | null;
  is_active: number;
  walks: BrowserWalk[];
}>;

const STATUS_TEXT: Record<number, string> = { 0: "Pending", 1: "Approved", 2: "Rejected" };

/**
 * A row's status (spec 002 §2, §4): pending rows offer Approve (the replacement modal) and Reject (a confirmation,
 * then status 2) to approvers; approved rows offer the reassign dialog while they have walks.
 */
function StatusCell({ row, canApprove }: { row: Row; canApprove: boolean }) {
  const router = useRouter();
  const dialogs = useDialogs();
  const [open, setOpen] = useState<null | "approve" | "reject" | "reassign">(null);
  const [walks, setWalks] = useState<BrowserWalk[]>(row.walks);
  const [pending, start] = useTransition();
  const label = `${row.requested_by ?? "walker"} on ${formatDate(row.date)}`;

  const runReject = () =>
    start(async () => {
      const r = await settle(() => rejectLeaveRequestAction(row.id));
      setOpen(null);
      if (!r.ok) return reportFailure(dialogs, r);
      dialogs.success("Leave request rejected successfully.");
      router.refresh();
    });

  return (
    <div className="flex min-w-52 flex-wrap items-center gap-1">
      <Chip
        tone={row.status === 1 ? "ok" : row.status === 2 ? "no" : "muted"}
        tip={row.admin_remarks ?? undefined}
      >
        {STATUS_TEXT[row.status] ?? "Pending"}
      </Chip>
      {row.status === 0 && canApprove ? (
        <>
          <Button
            size="sm"
            variant="outline"
            aria-label={`Approve ${label}`}
            onClick={() => setOpen("approve")}
          >
            Approve
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-label={`Reject ${label}`}
            onClick={() => setOpen("reject")}
          >
            Reject
          </Button>
        </>
      ) : null}
      {row.status === 1 && canApprove && row.walks.length ? (
        <Button
          size="sm"
          variant="outline"
          aria-label={`Reassign the walks of ${label}`}
          onClick={() => {
            setWalks(row.walks);
            setOpen("reassign");
          }}
        >
          Reassign
        </Button>
      ) : null}
      {open === "approve" ? (
        <ReplacementModal
          leaveId={row.id}
          label={label}
          onClose={() => setOpen(null)}
          onApproved={(approvedWalks) => {
            // §4: after the approval a full_day leave opens the full-day reassign dialog, a time_range leave the
            // walk reassign dialog (when it has walks to show).
            if (approvedWalks.length) {
              setWalks(approvedWalks);
              setOpen("reassign");
            } else {
              setOpen(null);
              router.refresh();
            }
          }}
        />
      ) : null}
      {open === "reassign" ? (
        <ReassignDialog
          leaveId={row.id}
          fullDay={row.leave_type !== "time_range"}
          walks={walks}
          onClose={() => {
            setOpen(null);
            router.refresh();
          }}
        />
      ) : null}
      <Dialog open={open === "reject"} onOpenChange={(o) => !o && !pending && setOpen(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Are you sure to Reject?</DialogTitle>
            <DialogDescription>Are you sure you want to reject this leave request?</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" disabled={pending} onClick={() => setOpen(null)}>
              No
            </Button>
            <Button variant="destructive" disabled={pending} onClick={runReject}>
              Yes, Reject
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/**
 * The leave requests (spec 002 §2, §3): Status (with Approve / Reject), Requested by, Date, Start and End Time, Leave
 * Type, Reason (cut at 85 characters, the full text in a tooltip), Replacement, and the Walks sub-table.
 */
export function LeaveRequestsTable({ canApprove, ...props }: ListScreenProps<Row> & { canApprove: boolean }) {
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
            <StatusCell
              key={`${row.original.id}:${row.original.status}`}
              row={row.original}
              canApprove={canApprove && !props.trash}
            />
          ),
        },
        textColumn<Row>("Requested by", "requested_by"),
        dateColumn<Row>("Date", "date", { sort: true }),
        {
          id: "times",
          header: "Start and End Time",
          cell: ({ row }) =>
            row.original.start_time && row.original.end_time
              ? `${row.original.start_time} - ${row.original.end_time}`
              : "",
        },
        textColumn<Row>("Leave Type", "leave_type_label"),
        {
          id: "reason",
          header: "Reason",
          cell: ({ row }) => <CellText text={row.original.reason} max={85} />,
        },
        textColumn<Row>("Replacement", "replacement_name"),
        {
          id: "walks",
          header: "Walks",
          cell: ({ row }) => (
            <LeaveWalksTable walks={row.original.walks} approved={row.original.status === 1} />
          ),
        },
      ]}
    />
  );
}
