import { Button } from "@/components/ui/button";

type Option = { value: string; label: string };

const selectClass =
  "border-input bg-background h-9 w-full rounded-md border px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:outline-none disabled:opacity-50";

/**
 * The calendar's choices as a plain GET form (works without script): the franchisee (admins; "All franchisees" for
 * the whole company), the walker (of the chosen franchisee), and the month or the week's day; Show applies them.
 */
export function CalendarFilters({
  view,
  month,
  start,
  franchisees,
  franchisee,
  walkers,
  walker,
}: {
  view: "month" | "week";
  month: string;
  start: string;
  franchisees: Option[] | null;
  franchisee: string;
  walkers: Option[];
  walker: string;
}) {
  const noFranchisee = franchisees != null && !franchisee;
  return (
    <form
      method="get"
      action="/walk-calendar"
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end"
    >
      <input type="hidden" name="view" value={view} />
      {franchisees ? (
        <div className="grid gap-1.5">
          <label htmlFor="cal-franchisee" className="text-sm font-medium">
            Franchisee
          </label>
          <select id="cal-franchisee" name="franchisee_id" defaultValue={franchisee} className={selectClass}>
            <option value="">All franchisees</option>
            {franchisees.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <label htmlFor="cal-walker" className="text-sm font-medium">
          Walker
        </label>
        <select
          id="cal-walker"
          name="walker_id"
          defaultValue={walker}
          className={selectClass}
          disabled={noFranchisee}
          aria-describedby={noFranchisee ? "cal-walker-hint" : undefined}
        >
          <option value="">All walkers</option>
          {walkers.map((w) => (
            <option key={w.value} value={w.value}>
              {w.label}
            </option>
          ))}
        </select>
        {noFranchisee ? (
          <p id="cal-walker-hint" className="text-xs text-slate-500">
            Choose a franchisee to pick one of its walkers.
          </p>
        ) : null}
      </div>
      {view === "month" ? (
        <div className="grid gap-1.5">
          <label htmlFor="cal-month" className="text-sm font-medium">
            Month
          </label>
          <input id="cal-month" type="month" name="month" defaultValue={month} className={selectClass} />
        </div>
      ) : (
        <div className="grid gap-1.5">
          <label htmlFor="cal-start" className="text-sm font-medium">
            Week of
          </label>
          <input id="cal-start" type="date" name="start" defaultValue={start} className={selectClass} />
        </div>
      )}
      <Button type="submit">Show</Button>
    </form>
  );
}
