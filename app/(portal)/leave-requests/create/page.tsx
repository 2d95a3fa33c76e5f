import { leaveRequestsCrud } from "@/lib/jobs/leave-requests";
import { createScreen } from "@/lib/platform/screens";
import { LeaveForm } from "../_components/leave-form";
import { EMPTY_LEAVE } from "../_components/leave-values";

export const metadata = { title: "Add Leave Request" };

/** Add Leave Request: a leave entered for a walker (the walkers of the caller's franchisee, or of the company). */
export default async function CreateLeaveRequestPage() {
  const s = await createScreen(leaveRequestsCrud);
  // The walker is searched on the server (the staff source: the caller's franchisee's, or the company's).
  return <LeaveForm {...s.form} initial={EMPTY_LEAVE} />;
}
