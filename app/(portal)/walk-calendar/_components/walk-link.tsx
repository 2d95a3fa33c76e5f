import { QuietLink as Link } from "@/components/nav/quiet-link";
import { cn } from "@/lib/utils";
import { timeOfDay } from "./day-label";
import { Ist } from "@/components/ist";

/** The walk as the calendar shows it (a week's column, an opened day): its time and pet, walker and status. */
export type ShownWalk = {
  timeslot: string;
  pet_name: string | null;
  customer_name: string | null;
  walker_name: string | null;
  status_label: string;
  uncovered: boolean;
};

/** One walk of the calendar, opening its plan (`plan`: the plan's opaque id); uncovered ones marked. */
export function WalkLink({ walk: w, plan, large }: { walk: ShownWalk; plan: string; large?: boolean }) {
  return (
    <Link
      href={`/daily-job-plans/${plan}`}
      className={cn(
        "block rounded border hover:bg-sky-50 focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:outline-none",
        large ? "px-2 py-1 text-sm" : "px-1.5 py-1 text-xs",
        w.uncovered ? "border-red-300 bg-red-50" : "border-slate-200",
      )}
    >
      <span className="font-medium">{timeOfDay(w.timeslot)}</span>
      <Ist /> · {w.pet_name ?? w.customer_name ?? ""}
      <span className={cn("block text-slate-600", large && "text-xs")}>
        {w.walker_name ?? "No walker"} · {w.status_label}
        {w.uncovered ? <span className="font-medium text-red-700"> · Uncovered</span> : null}
      </span>
    </Link>
  );
}
