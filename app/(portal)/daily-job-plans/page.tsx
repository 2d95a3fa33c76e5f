import Link from "next/link";
import { CalendarDays, X } from "lucide-react";
import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { Button } from "@/components/ui/button";
import { PLAN_STATUS_LABELS } from "@/lib/jobs/common";
import { dailyJobPlansCrud, planListNarrowing } from "@/lib/jobs/daily-job-plans";
import { withPickers } from "@/lib/options/option-sources";
import { formatDate } from "@/lib/format";
import { filterBar } from "@/lib/platform/list";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { exportDailyJobPlansAction } from "./actions";
import { DailyJobPlansTable, type DailyJobPlanRow } from "./_components/daily-job-plans-table";

export const metadata = { title: "Daily Job Plans" };

const COLUMNS = [
  "date",
  "status",
  "holiday_name",
  "customer_name",
  "walker_name",
  "pet_name",
  "pet_2_name",
  "walks",
] as const satisfies readonly (keyof DailyJobPlanRow)[];

/**
 * Daily Job Plans or Deleted Daily Job Plans (spec 002 §2), optionally narrowed to one monthly request (View Daily
 * Plan), a day and a walker (the walk calendar's day links); search (customer, walker, pet), status, date range,
 * walker, franchisee (admins), plan status; trash, export.
 */
export default async function DailyJobPlansPage({ searchParams }: ListPageProps) {
  const s = await listScreen(dailyJobPlansCrud, searchParams, { fields: COLUMNS });
  const narrowed = await planListNarrowing(s.ctx, s.raw);
  // Walkers and franchisees grow with the company: their filters search on the server (the walkers of the chosen
  // franchisee, when one is).
  const franchiseeRaw = [s.raw.franchisee_id].flat()[0];
  const filters = await withPickers(
    s.ctx,
    filterBar(dailyJobPlansCrud.def.list, {}, [
      "is_active",
      "status",
      "date_range",
      "walker_id",
      ...(s.ctx.franchiseeId == null ? ["franchisee_id"] : []),
    ]),
    s.raw,
    {
      walker_id: {
        source: "staff",
        params: franchiseeRaw && s.ctx.franchiseeId == null ? { franchisee_id: franchiseeRaw } : undefined,
      },
      franchisee_id: { source: "franchisees" },
    },
  );
  const without = (...keys: string[]) => {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(s.raw))
      if (typeof v === "string" && !keys.includes(k) && k !== "page" && k !== "cursor" && k !== "before")
        q.set(k, v);
    const qs = q.toString();
    return qs ? `/daily-job-plans?${qs}` : "/daily-job-plans";
  };
  const chips = [
    narrowed.request && {
      label: `Monthly request: ${narrowed.request.label}`,
      clear: "user_monthly_job_request_id",
    },
    narrowed.date && { label: `Date: ${formatDate(narrowed.date)}`, clear: "date" },
  ].filter((c): c is { label: string; clear: string } => !!c);
  const actions = (
    <div className="flex flex-wrap items-center gap-2">
      {chips.map((c) => (
        <span
          key={c.clear}
          className="inline-flex items-center gap-1 rounded-full border bg-slate-50 px-3 py-1 text-sm"
        >
          {c.label}
          <Link
            href={without(c.clear)}
            className="rounded-full p-0.5 hover:bg-slate-200"
            aria-label={`Show all, not only ${c.label}`}
          >
            <X className="size-3.5" aria-hidden />
          </Link>
        </span>
      ))}
      <Button asChild variant="outline">
        <Link href="/walk-calendar">
          <CalendarDays className="size-4" aria-hidden />
          Walk Calendar
        </Link>
      </Button>
    </div>
  );
  return (
    <EntityListPage
      {...s.page}
      filters={filters}
      searchPlaceholder="Search by customer, walker or pet"
      exportAction={exportDailyJobPlansAction}
      actions={actions}
    >
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => <DailyJobPlansTable {...t} statusLabels={PLAN_STATUS_LABELS} />}
      </ListRows>
    </EntityListPage>
  );
}
