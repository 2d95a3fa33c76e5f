import { DateInput } from "@/components/form/date-field";
import { Button } from "@/components/ui/button";
import { CalendarPicker } from "./calendar-picker";

type Option = { value: string; label: string; sublabel?: string | null };

const selectClass =
  "border-input bg-background h-9 w-full rounded-md border px-3 text-sm shadow-xs focus-visible:ring-2 focus-visible:ring-sky-500 focus-visible:outline-none disabled:opacity-50";

/**
 * The calendar's choices as a plain GET form: the franchisee (admins; "All franchisees" for the whole company) and the
 * walker (of the chosen franchisee), each searched on the server as you type (a company has ~20k franchisees), and
 * the month or the week's day; Show applies them.
 */
export function CalendarFilters({
  view,
  month,
  start,
  chooseFranchisee,
  franchisee,
  walker,
}: {
  view: "month" | "week";
  month: string;
  start: string;
  /** Admins choose the franchisee; a franchisee's member sees their own. */
  chooseFranchisee: boolean;
  /** The chosen franchisee and walker (opaque ids), named by the server. */
  franchisee: Option | null;
  walker: Option | null;
}) {
  const noFranchisee = chooseFranchisee && !franchisee;
  return (
    <form
      method="get"
      action="/walk-calendar"
      className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end"
    >
      <input type="hidden" name="view" value={view} />
      {chooseFranchisee ? (
        <div className="grid gap-1.5">
          <label htmlFor="cal-franchisee" className="text-sm font-medium">
            Franchisee
          </label>
          <CalendarPicker
            id="cal-franchisee"
            name="franchisee_id"
            source="franchisees"
            selected={franchisee}
            none={{ value: "", label: "All franchisees" }}
          />
        </div>
      ) : null}
      <div className="grid gap-1.5">
        <label htmlFor="cal-walker" className="text-sm font-medium">
          Walker
        </label>
        <CalendarPicker
          id="cal-walker"
          name="walker_id"
          source="staff"
          params={franchisee ? { franchisee_id: franchisee.value } : undefined}
          selected={walker}
          none={{ value: "", label: "All walkers" }}
          disabled={noFranchisee}
          describedBy={noFranchisee ? "cal-walker-hint" : undefined}
        />
        {noFranchisee ? (
          <p id="cal-walker-hint" className="text-xs text-slate-500">
            Choose a franchisee and Show to pick one of its walkers.
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
          <DateInput id="cal-start" name="start" label="Week of" value={start} />
        </div>
      )}
      <Button type="submit">Show</Button>
    </form>
  );
}
