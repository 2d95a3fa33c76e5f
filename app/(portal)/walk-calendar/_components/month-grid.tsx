import type { CalendarSummaryDay } from "@/lib/jobs/walk-calendar";
import { cn } from "@/lib/utils";
import { dayButton } from "./day-button";
import { DayOpener } from "./day-dialog";
import { monthYearOf, shortWeekday, weekdayOf } from "./day-label";

/**
 * A month as weeks from Monday (the days around it dimmed): each day's counts (walks, completed, uncovered, walkers on
 * leave) as a button that opens the day (its walks and leave, loaded then); on a phone the counts shrink to the
 * number and coloured dots (the button's name says everything).
 */
export function MonthGrid({
  days,
  month,
  today,
  dayHref,
  franchiseeId,
  walkerId,
  week = false,
}: {
  days: CalendarSummaryDay[];
  month: string;
  today: string;
  dayHref: (date: string) => string;
  /** The calendar's franchisee and walker (opaque ids), for the opened day. */
  franchiseeId?: string;
  walkerId?: string;
  /** One week (a company's week: counts only, the days open): no day is dimmed. */
  week?: boolean;
}) {
  return (
    <DayOpener franchiseeId={franchiseeId} walkerId={walkerId}>
      <div className="grid grid-cols-7 gap-1 pb-1 text-center text-xs font-medium text-slate-600" aria-hidden>
        {days.slice(0, 7).map((d) => (
          <div key={d.date}>{shortWeekday(d.date)}</div>
        ))}
      </div>
      <ol className="grid grid-cols-7 gap-1" aria-label={`Days of ${monthYearOf(`${month}-01`)}`}>
        {days.map((d) => {
          const inMonth = week || d.date.startsWith(month);
          return (
            <li key={d.date} className="min-w-0">
              <button
                {...dayButton(d.date, dayHref(d.date))}
                className={cn(
                  "flex h-full min-h-14 w-full flex-col text-left gap-0.5 rounded-md border p-1 text-xs hover:bg-sky-50 focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:outline-none sm:min-h-24 sm:p-2",
                  !inMonth && "bg-slate-50 text-slate-600",
                  d.uncovered > 0 && "border-red-300",
                  d.date === today && "ring-2 ring-sky-600",
                )}
              >
                {/* The button's name is its text: the full date for screen readers, the day's number on screen. */}
                <span className="font-semibold">
                  <span className="sr-only">{weekdayOf(d.date)} </span>
                  {Number(d.date.slice(8, 10))}
                  <span className="sr-only"> {monthYearOf(d.date)}:</span>
                </span>
                <span className="flex flex-wrap items-center gap-0.5 sm:hidden">
                  <span className="text-sky-700">
                    {d.walks}
                    <span className="sr-only"> {d.walks === 1 ? "walk" : "walks"}</span>
                  </span>
                  {d.uncovered > 0 ? (
                    <span className="size-2 rounded-full bg-red-600">
                      <span className="sr-only">, {d.uncovered} uncovered</span>
                    </span>
                  ) : null}
                  {d.on_leave > 0 ? (
                    <span className="size-2 rounded-full bg-amber-500">
                      <span className="sr-only">, {d.on_leave} on leave</span>
                    </span>
                  ) : null}
                </span>
                <span className="hidden flex-col gap-0.5 sm:flex">
                  <span className="text-sky-700">{d.walks === 1 ? "1 walk" : `${d.walks} walks`}</span>
                  {d.completed > 0 ? <span className="text-emerald-700">{d.completed} completed</span> : null}
                  {d.uncovered > 0 ? (
                    <span className="font-medium text-red-700">{d.uncovered} uncovered</span>
                  ) : null}
                  {d.on_leave > 0 ? (
                    <span className="truncate rounded bg-amber-100 px-1 text-amber-900">
                      {d.on_leave} on leave
                    </span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ol>
    </DayOpener>
  );
}
