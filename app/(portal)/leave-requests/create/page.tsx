import { leaveRequestsCrud, leaveWalkerOptions } from "@/lib/jobs/leave-requests";
import { createScreen } from "@/lib/platform/screens";
import { EMPTY_LEAVE, LeaveForm } from "../_components/leave-form";

export const metadata = { title: "Add Leave Request" };

/** Add Leave Request: a leave entered for a walker (the walkers of the caller's franchisee, or of the company). */
export default async function CreateLeaveRequestPage() {
  const s = await createScreen(leaveRequestsCrud);
  const walkers = await leaveWalkerOptions(s.ctx);
  return (
    <LeaveForm
      {...s.form}
      initial={EMPTY_LEAVE}
      walkers={walkers.map((w) => ({ value: String(w.id), label: w.label }))}
    />
  );
}
