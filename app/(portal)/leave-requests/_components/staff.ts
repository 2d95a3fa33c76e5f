import { toast } from "sonner";
import { settle } from "@/components/form/settle";
import type { BrowserStaff } from "@/lib/jobs/leave-requests";
import { availableStaffAction } from "../actions";

// The replacement modal's and the reassign dialog's shared pieces (the browser's: no server code of their own).

/** The staff available for the leave (or one walk of it); a failed load says why ('Failed to load...') → null. */
export async function loadStaff(id: string, walkId?: string): Promise<BrowserStaff[] | null> {
  const r = await settle(() => availableStaffAction(id, walkId));
  if (r.ok) return r.data;
  toast.error(`Failed to load available staff. ${failureText(r, { serverMessage: false })}`);
  return null;
}

/** First, middle and last name. */
export const staffName = (s: Pick<BrowserStaff, "first_name" | "middle_name" | "last_name">) =>
  [s.first_name, s.middle_name, s.last_name].filter(Boolean).join(" ");

/** Spec 002 §5: the staff search is case-insensitive on name, employee code or phone. */
export function staffMatches(s: BrowserStaff, search: string): boolean {
  const q = search.trim().toLowerCase();
  if (!q) return true;
  const phone = (s.phone ?? "").toLowerCase();
  return (
    staffName(s).toLowerCase().includes(q) ||
    `${s.first_name} ${s.last_name}`.toLowerCase().includes(q) ||
    (s.employee_code ?? "").toLowerCase().includes(q) ||
    phone.includes(q) ||
    (q.replace(/\D/g, "").length >= 3 && phone.replace(/\D/g, "").includes(q.replace(/\D/g, "")))
  );
}

/**
 * The snackbar's reason after 'Failed to load available staff.' / 'Failed to approve leave request.' (spec 002 §8):
 * the joined 422 field errors, 'Leave request not found.' for 404, 'You are not authorized to perform this action.'
 * for 401 (and 403), else the server's message (approval) or 'Please try again.'.
 */
export function failureText(
  r: { status: number; message: string; fieldErrors?: Record<string, string> },
  o: { serverMessage?: boolean } = { serverMessage: true },
): string {
  if (r.status === 422 && r.fieldErrors && Object.keys(r.fieldErrors).length)
    return Object.values(r.fieldErrors).join(", ");
  if (r.status === 404) return "Leave request not found.";
  if (r.status === 401 || r.status === 403) return "You are not authorized to perform this action.";
  if (o.serverMessage && r.message && r.status !== 0 && r.status !== 500) return r.message;
  return "Please try again.";
}
