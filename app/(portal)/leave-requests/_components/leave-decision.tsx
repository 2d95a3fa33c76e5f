import { ShownField } from "@/components/form";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateTime } from "@/lib/format";
import { APPROVAL_LABELS } from "@/lib/jobs/common";
import { type LeaveWalk } from "@/lib/jobs/leave-replacement";
import { browserWalks, LEAVE_STATUS } from "@/lib/jobs/leave-requests";
import { LeaveWalksTable } from "./leave-walks";
import { withIst } from "@/components/ist";

type Person = { first_name: string | null; last_name: string | null } | null | undefined;
const nameOf = (p: Person) => (p ? `${p.first_name ?? ""} ${p.last_name ?? ""}`.trim() : "");

/**
 * What a leave request's record holds besides its form (spec 002 §3: status, replacement_user, admin_remarks,
 * walks): the decision — status, the replacement (or 'No replacement' once approved without one), the admin's
 * remarks and when it was decided — and the Walks sub-table of the list (Date, Timeslot, Pet Owner, Pet Name,
 * Status, who walks each). On the View and Edit Leave Request pages, under the form's fields.
 */
export function LeaveDecision({
  record,
}: {
  record: {
    status: number;
    replacement_user?: Person;
    admin_remarks?: string | null;
    processed_at?: Date | string | null;
    walks?: unknown;
  };
}) {
  const approved = record.status === LEAVE_STATUS.APPROVED;
  const replacement = nameOf(record.replacement_user);
  const walks = browserWalks(record.walks as LeaveWalk[] | null);
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Decision</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-2">
        <ShownField label="Status" text={APPROVAL_LABELS[record.status] ?? "Pending"} />
        <ShownField label="Replacement" text={replacement || (approved ? "No replacement" : null)} />
        <ShownField label="Admin Remarks" text={record.admin_remarks ?? null} />
        <ShownField
          label="Decided At"
          text={
            record.processed_at && record.status !== LEAVE_STATUS.PENDING
              ? withIst(formatDateTime(record.processed_at))
              : null
          }
        />
        <div className="grid gap-1 md:col-span-2">
          <span className="text-sm font-medium">Walks</span>
          <div className="overflow-x-auto">
            <LeaveWalksTable walks={walks} approved={approved} className="min-w-[26rem] text-sm" />
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
