import Link from "next/link";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { indiaNow } from "@/lib/jobs/common";
import {
  addDays,
  calendarSummary,
  monthRange,
  walkCalendar,
  type Calendar,
  type CalendarSummary,
} from "@/lib/jobs/walk-calendar";
import { currentOption } from "@/lib/options/option-sources";
import { encodeId, parseIdParam } from "@/lib/platform/ids";
import { authorizePage, guardPage, pageCompanyId } from "@/lib/platform/page-guard";
import { requirePageContext } from "@/lib/platform/session";
import { CalendarFilters } from "./_components/calendar-filters";
import { MonthGrid } from "./_components/month-grid";
import { WeekView } from "./_components/week-view";
import { MONTH_NAMES } from "@/lib/format";

export const metadata = { title: "Walk Calendar" };

type Search = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() || undefined;

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Monday of the week of a day (YYYY-MM-DD). */
const mondayOf = (d: string) => addDays(d, -((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7));
const monthOf = (d: string) => d.slice(0, 7);
const shiftMonth = (m: string, by: number) => {
  const [y, mo] = m.split("-").map(Number);
  const t = y * 12 + (mo - 1) + by;
  return `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, "0")}`;
};
/** "November 2026". */
const monthTitle = (m: string) => `${MONTH_NAMES[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;

/**
 * The walk calendar (issue 11, beyond the spec): a month grid or a week of walks for a franchisee (a franchisee's
 * member: their own; admins choose, or see the whole company) or one walker, approved leave and uncovered walks
 * marked; a day opens its daily job plans. Gated on daily_job_plans.list.
 */
export default async function WalkCalendarPage({ searchParams }: { searchParams: Search }) {
  const ctx = await requirePageContext();
  authorizePage(ctx, "daily_job_plans.list");
  pageCompanyId(ctx);
  const sp = await searchParams;
  const view = one(sp.view) === "week" ? "week" : "month";
  const today = indiaNow().date;
  const dayParam = one(sp.start);
  const start = mondayOf(
    dayParam && DAY.test(dayParam) && !Number.isNaN(Date.parse(dayParam)) ? dayParam : today,
  );
  const monthParam = one(sp.month);
  const month = monthParam && MONTH.test(monthParam) ? monthParam : monthOf(view === "week" ? start : today);
  const franchiseeRaw = one(sp.franchisee_id);
  const walkerRaw = one(sp.walker_id);
  const franchiseeId = ctx.franchiseeId ?? (franchiseeRaw ? parseIdParam(franchiseeRaw) : null);
  const walkerId = walkerRaw ? parseIdParam(walkerRaw) : null;

  const range =
    view === "week"
      ? { from: start, to: addDays(start, 6) }
      : (() => {
          const m = monthRange(month)!;
          return { from: mondayOf(m.from), to: addDays(mondayOf(m.to), 6) };
        })();
  const query = {
    ...range,
    franchisee_id: franchiseeId != null && ctx.franchiseeId == null ? String(franchiseeId) : undefined,
    walker_id: walkerId != null ? String(walkerId) : undefined,
  };
  // A month, or a company's whole week, is sent as counts per day (a company's month holds ~400k walks); a day's walks
  // load when it is opened. A franchisee's or a walker's week lists its walks.
  const summary = view === "month" || (franchiseeId == null && walkerId == null);
  const calendar = await guardPage<Calendar | CalendarSummary>(() =>
    summary ? calendarSummary(ctx, query) : walkCalendar(ctx, query),
  );
  // The chosen franchisee and walker, named for the pickers (the rest are searched on the server as you type).
  const [franchiseeOption, walkerOption] = await Promise.all([
    ctx.franchiseeId == null ? currentOption(ctx, "franchisees", calendar.franchisee_id) : null,
    currentOption(ctx, "staff", calendar.walker_id),
  ]);
  // Links keep the chosen franchisee and walker (opaque ids, as every portal URL).
  const keep = (o: Record<string, string | undefined>) => {
    const q = new URLSearchParams();
    const all = {
      view,
      month: view === "month" ? month : undefined,
      start: view === "week" ? start : undefined,
      franchisee_id:
        calendar.franchisee_id != null && ctx.franchiseeId == null
          ? encodeId(calendar.franchisee_id)
          : undefined,
      walker_id: calendar.walker_id != null ? encodeId(calendar.walker_id) : undefined,
      ...o,
    };
    for (const [k, v] of Object.entries(all)) if (v) q.set(k, v);
    return `/walk-calendar?${q}`;
  };
  const dayHref = (date: string) => {
    const q = new URLSearchParams({ date });
    if (calendar.walker_id != null) q.set("walker_id", encodeId(calendar.walker_id));
    if (calendar.franchisee_id != null && ctx.franchiseeId == null)
      q.set("franchisee_id", encodeId(calendar.franchisee_id));
    return `/daily-job-plans?${q}`;
  };
  const prev = view === "week" ? keep({ start: addDays(start, -7) }) : keep({ month: shiftMonth(month, -1) });
  const next = view === "week" ? keep({ start: addDays(start, 7) }) : keep({ month: shiftMonth(month, 1) });
  const title =
    view === "week"
      ? `Week of ${start.slice(8, 10)}-${start.slice(5, 7)}-${start.slice(0, 4)}`
      : monthTitle(month);
  const walkerName = walkerOption?.label;
  const franchiseeName = franchiseeOption?.label;
  const whose = walkerName ?? franchiseeName ?? "All franchisees";

  return (
    <Card>
      <CardHeader className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-lg leading-none font-semibold">Walk Calendar</h1>
          <nav aria-label="View" className="flex gap-1">
            {(["month", "week"] as const).map((v) => (
              <Button key={v} asChild variant={v === view ? "default" : "outline"} size="sm">
                <Link
                  href={keep(
                    v === "week"
                      ? {
                          view: v,
                          month: undefined,
                          start:
                            view === "week"
                              ? start
                              : mondayOf(monthOf(today) === month ? today : `${month}-01`),
                        }
                      : { view: v, start: undefined, month: view === "month" ? month : monthOf(start) },
                  )}
                  aria-current={v === view ? "page" : undefined}
                >
                  {v === "month" ? "Month" : "Week"}
                </Link>
              </Button>
            ))}
          </nav>
        </div>
        <CalendarFilters
          view={view}
          month={month}
          start={start}
          chooseFranchisee={ctx.franchiseeId == null}
          franchisee={
            franchiseeOption && calendar.franchisee_id != null
              ? { ...franchiseeOption, value: encodeId(calendar.franchisee_id) }
              : null
          }
          walker={
            walkerOption && calendar.walker_id != null
              ? { ...walkerOption, value: encodeId(calendar.walker_id) }
              : null
          }
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-2">
            <Button asChild variant="outline" size="icon">
              <Link href={prev} aria-label={view === "week" ? "Previous week" : "Previous month"}>
                <ChevronLeft className="size-4" aria-hidden />
              </Link>
            </Button>
            <h2 className="min-w-40 text-center font-medium" aria-live="polite">
              {title}
            </h2>
            <Button asChild variant="outline" size="icon">
              <Link href={next} aria-label={view === "week" ? "Next week" : "Next month"}>
                <ChevronRight className="size-4" aria-hidden />
              </Link>
            </Button>
            <Button asChild variant="ghost" size="sm">
              <Link href={keep(view === "week" ? { start: mondayOf(today) } : { month: monthOf(today) })}>
                Today
              </Link>
            </Button>
          </div>
          <p className="text-sm text-slate-600">{whose}</p>
        </div>
        <Legend />
      </CardHeader>
      <CardContent>
        {!summary ? (
          <WeekView days={(calendar as Calendar).days} today={today} dayHref={dayHref} />
        ) : (
          <MonthGrid
            days={(calendar as CalendarSummary).days}
            month={month}
            today={today}
            dayHref={dayHref}
            franchiseeId={
              calendar.franchisee_id != null && ctx.franchiseeId == null
                ? encodeId(calendar.franchisee_id)
                : undefined
            }
            walkerId={calendar.walker_id != null ? encodeId(calendar.walker_id) : undefined}
            week={view === "week"}
          />
        )}
      </CardContent>
    </Card>
  );
}

function Legend() {
  return (
    <ul className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600" aria-label="Legend">
      <li className="flex items-center gap-1">
        <span className="inline-block size-2.5 rounded-full bg-sky-600" aria-hidden /> Walks
      </li>
      <li className="flex items-center gap-1">
        <span className="inline-block size-2.5 rounded-full bg-emerald-600" aria-hidden /> Completed
      </li>
      <li className="flex items-center gap-1">
        <span className="inline-block size-2.5 rounded-full bg-red-600" aria-hidden /> Uncovered (walker unset
        or on leave)
      </li>
      <li className="flex items-center gap-1">
        <span className="inline-block size-2.5 rounded-full bg-amber-500" aria-hidden /> Approved leave
      </li>
    </ul>
  );
}
