import { QuietLink as Link } from "@/components/nav/quiet-link";
import type { CalendarDay } from "@/lib/jobs/walk-calendar";
import { encodeId } from "@/lib/platform/ids";
import { cn } from "@/lib/utils";
import { leaveText, longDate } from "./day-label";
import { WalkLink } from "./walk-link";

/**
 * A week, a column a day (stacked on a phone): the day's link to its daily job plans with its counts, its approved
 * leave, then its walks by timeslot (each opening its plan), uncovered ones marked.
 */
export function WeekView({
  days,
  today,
  dayHref,
}: {
  days: CalendarDay[];
  today: string;
  dayHref: (date: string) => string;
}) {
  return (
    <ol className="grid grid-cols-1 gap-3 lg:grid-cols-7 lg:gap-2">
      {days.map((d) => (
        <li
          key={d.date}
          className={cn(
            "flex min-w-0 flex-col gap-2 rounded-md border p-2",
            d.date === today && "ring-2 ring-sky-600",
          )}
        >
          <Link
            href={dayHref(d.date)}
            className="rounded focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:outline-none"
          >
            <span className="block text-sm font-semibold hover:underline">{longDate(d.date)}</span>
            <span className="block text-xs text-slate-600">
              {d.walks === 1 ? "1 walk" : `${d.walks} walks`}
              {d.completed ? ` · ${d.completed} completed` : ""}
              {d.uncovered ? (
                <span className="font-medium text-red-700"> · {d.uncovered} uncovered</span>
              ) : null}
            </span>
          </Link>
          {d.leave.length ? (
            <ul className="flex flex-col gap-1" aria-label="Approved leave">
              {d.leave.map((l) => (
                <li key={l.id} className="rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900">
                  On leave: {leaveText(l)}
                  {l.replacement_name ? ` · replaced by ${l.replacement_name}` : ""}
                </li>
              ))}
            </ul>
          ) : null}
          {d.items?.length ? (
            <ul className="flex flex-col gap-1" aria-label={`Walks of ${longDate(d.date)}`}>
              {d.items.map((w) => (
                <li key={w.id}>
                  <WalkLink walk={w} plan={encodeId(w.daily_job_plan_id)} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-xs text-slate-500">No walks</p>
          )}
        </li>
      ))}
    </ol>
  );
}
