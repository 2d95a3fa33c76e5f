import { EditScreen } from "@/components/audit/edit-screen";
import { LEAVE_STATUS, leaveRequestsCrud } from "@/lib/jobs/leave-requests";
import { formValuesOf } from "@/lib/platform/form-values";
import { editScreen } from "@/lib/platform/screens";
import { LeaveDecision } from "../_components/leave-decision";
import { LeaveForm } from "../_components/leave-form";
import { EMPTY_LEAVE } from "../_components/leave-values";

export const metadata = { title: "Edit Leave Request" };

/**
 * Edit Leave Request (spec 002 §2: /leave-requests/{id} exists, its form is not shown): the leave's fields while it is
 * pending; once approved or rejected the record is shown read-only. Under the fields, the record's decision (status,
 * replacement, admin remarks) and its walks (spec 002 §3), so View Leave Request shows the whole record.
 */
export default async function EditLeaveRequestPage({
  params,
}: {
  params: Promise<{ leaveRequestId: string }>;
}) {
  const s = await editScreen(leaveRequestsCrud, (await params).leaveRequestId);
  const r = s.record;
  const decided = r.status !== LEAVE_STATUS.PENDING;
  return (
    <EditScreen ctx={s.ctx} entity="leave_requests" id={s.id}>
      <LeaveForm
        {...s.form}
        readOnly={s.form.readOnly || decided}
        initial={formValuesOf(EMPTY_LEAVE, r)}
        walkerName={r.user ? `${r.user.first_name ?? ""} ${r.user.last_name ?? ""}`.trim() : null}
        after={<LeaveDecision record={r} />}
      />
    </EditScreen>
  );
}
