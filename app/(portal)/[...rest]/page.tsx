import { redirect } from "next/navigation";
import { ComingSoon } from "../coming-soon";

// Route roots of spec 000 §2.2 whose screens are not built yet, with their readable titles. Built screens have
// their own folders and never reach this page; any other unknown route goes home (spec 000 §2.1).
const PENDING_ROOTS: Record<string, string> = {
  "customer-walk-requests": "Customer Walk Requests",
  "user-monthly-job-requests": "Monthly Job Requests",
  "daily-job-plans": "Daily Job Plans",
  "leave-requests": "Leave Requests",
};

const ACTIONS: Record<string, string> = { create: "Create", upload: "Upload", "re-submit": "Re-submit" };

const words = (s: string) =>
  s
    .split("-")
    .map((w) => (w === "pjp" ? "PJP" : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(" ");

/** 'plans/create' → 'Plans — Create'; 'outlets/{id}/outlet-users' → 'Outlet Users'; 'plans/{id}' → 'Plans — Edit'. */
function titleOf(segments: string[]): string {
  let title = PENDING_ROOTS[segments[0]];
  let action: string | undefined;
  for (const s of segments.slice(1)) {
    if (ACTIONS[s]) action = ACTIONS[s];
    else if (/^[a-z]+(-[a-z]+)*$/.test(s)) {
      title = PENDING_ROOTS[s] ?? words(s);
      action = undefined;
    } else action = "Edit";
  }
  return action ? `${title} — ${action}` : title;
}

type Props = { params: Promise<{ rest: string[] }> };

export default async function PendingScreen({ params }: Props) {
  const { rest } = await params;
  const segments = rest.map((s) => decodeURIComponent(s));
  if (!Object.hasOwn(PENDING_ROOTS, segments[0] ?? "")) redirect("/home");
  return <ComingSoon title={titleOf(segments)} />;
}
