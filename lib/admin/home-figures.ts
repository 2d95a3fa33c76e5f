import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { inboxCounts, inboxKinds } from "@/lib/approvals/inbox";
import { indiaNow, NOT_STARTED } from "@/lib/jobs/common";
import { addDays } from "@/lib/operations/week-parity";
import { can, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, rowsOf } from "@/lib/platform/db";
import { encodeId } from "@/lib/platform/ids";
import { POSITION, ROLE } from "@/lib/platform/permissions";

// The homes (issue 25): figures first, each a link to the list that explains it, computed in SQL within the
// caller's scope (the company; a MASTER FRANCHISEE's zones; a FRANCHISEE ADMIN's own franchisee). Every statement
// names the company (its indexes lead with it) beside row-level security.
//
// Where each figure comes from, and why it stays fast at 5M walks and 10M audit rows:
// - walks by day and status: walk_day_figures (kept per company, franchisee, day, status and walker-set by triggers,
//   migration 0027): a month is ~31 x 8 rows instead of ~400k walks; walkers on leave from the range's approved leave;
// - lateness: today's walks only (the day index, a few thousand rows);
// - refunds: company_figures (kept by triggers per company and franchisee, migration 0021);
// - plan revenue: the month's approved monthly requests (umjr_list_idx; ~10k a month at bench scale) joined to plans;
// - pending approvals: the inbox's per-kind counts (partial pending indexes);
// - KYC expiring: franchisee_kyc_documents_expiry_idx (approved, live, by expiry); no audit table is read.

export type HomeKind = "franchisor" | "franchisee" | "master";

/** Which home the caller gets: null for callers with none (an app user; an admin with no company chosen). */
export function homeKind(ctx: Ctx): HomeKind | null {
  if (ctx.companyId == null) return null;
  if (ctx.zoneIds != null) return "master";
  if (
    ctx.franchiseeId != null &&
    (ctx.roleName === ROLE.FRANCHISEE_ADMIN || ctx.positionName === POSITION.FRANCHISEE_ADMIN)
  )
    return "franchisee";
  if (ctx.roleName === ROLE.ADMIN || ctx.roleName === ROLE.SUPER_ADMIN || ctx.roleName === ROLE.BACKEND_ADMIN)
    return "franchisor";
  return null;
}

/** A figure and the filtered list that explains it. */
export type Figure = { label: string; value: number; href: string | null };

export type WalkPeriod = {
  key: "today" | "week" | "month";
  label: string;
  from: string;
  to: string;
  planned: Figure;
  completed: Figure;
  missed: Figure;
  uncovered: Figure;
};

const notStarted = sql.raw(NOT_STARTED.join(", "));

/** Monday of the week of `day` (YYYY-MM-DD). */
function weekStart(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((dow + 6) % 7));
}
function monthBounds(day: string): { from: string; to: string } {
  const [y, m] = day.split("-").map(Number);
  const from = `${y}-${String(m).padStart(2, "0")}-01`;
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
  return { from, to: addDays(next, -1) };
}

/** The walks' scope: the company, and a franchisee's or a set of franchisees' (a MF's zones) walks. */
function walksScope(companyId: number, franchiseeId: number | null, zoneIds: number[] | null): SQL {
  const parts: SQL[] = [sql`w.company_id = ${companyId}`, sql`w.deleted_at is null`];
  if (franchiseeId != null) parts.push(sql`w.franchisee_id = ${franchiseeId}`);
  if (zoneIds != null) parts.push(inZones(companyId, zoneIds, sql`w.franchisee_id`));
  return sql.join(parts, sql` and `);
}

function inZones(companyId: number, zoneIds: number[], franchisee: SQL): SQL {
  if (!zoneIds.length) return sql`false`;
  return sql`${franchisee} in (select f.id from franchisees f where f.company_id = ${companyId}
    and f.deleted_at is null and f.zone_id in (${sql.join(
      zoneIds.map((z) => sql`${z}::int`),
      sql`, `,
    )}))`;
}

type DayCounts = { date: string; planned: number; completed: number; missed: number; unassigned: number };

/**
 * Walks per day of a range: planned (not cancelled), completed, missed (not begun on a past day) and without a
 * walker (not begun, today or later). Read from walk_day_figures (migration 0027: kept per company, franchisee, day,
 * status and walker-set by triggers in the writing transaction), a few rows per day whatever the walks hold: the
 * company's row (franchisee 0), a franchisee's own, or a master franchisee's zones' franchisees summed.
 */
async function walkDays(
  companyId: number,
  franchiseeId: number | null,
  zoneIds: number[] | null,
  from: string,
  to: string,
  today: string,
): Promise<DayCounts[]> {
  const db = await getDb();
  const who =
    zoneIds != null
      ? inZones(companyId, zoneIds, sql`w.franchisee_id`)
      : sql`w.franchisee_id = ${franchiseeId ?? 0}`;
  return rowsOf<DayCounts>(
    await db.execute(sql`select w.date::text as date,
        coalesce(sum(w.walks) filter (where w.status <> 6), 0)::int as planned,
        coalesce(sum(w.walks) filter (where w.status = 2), 0)::int as completed,
        coalesce(sum(w.walks) filter (where w.status in (${notStarted}) and w.date < ${today}::date), 0)::int as missed,
        coalesce(sum(w.walks) filter (where w.status in (${notStarted}) and not w.assigned
          and w.date >= ${today}::date), 0)::int as unassigned
      from walk_day_figures w
      where w.company_id = ${companyId} and ${who} and w.date between ${from}::date and ${to}::date
      group by w.date`),
  );
}

/**
 * Walks not yet begun from `from` (today or later) whose walker is on approved leave at their time, per day: driven
 * by the range's approved leave (a few hundred rows), each walk once.
 */
async function onLeaveDays(
  companyId: number,
  franchiseeId: number | null,
  zoneIds: number[] | null,
  from: string,
  to: string,
): Promise<{ date: string; n: number }[]> {
  if (to < from) return [];
  const db = await getDb();
  return rowsOf<{ date: string; n: number }>(
    await db.execute(sql`select w.date::text as date, count(distinct w.id)::int as n
      from leave_requests l
      join daily_job_plan_walks w on w.company_id = l.company_id and w.walker_id = l.user_id and w.date = l.date
      where l.company_id = ${companyId} and l.status = 1 and l.deleted_at is null
        and l.date between ${from}::date and ${to}::date
        and ${walksScope(companyId, franchiseeId, zoneIds)} and w.status in (${notStarted})
        and (l.leave_type = 'full_day' or (w.timeslot < l.end_time
          and w.timeslot + make_interval(mins => w.duration_minutes::int) > l.start_time))
      group by w.date`),
  );
}

function periodsOf(today: string) {
  const week = { from: weekStart(today), to: addDays(weekStart(today), 6) };
  const month = monthBounds(today);
  return {
    week,
    month,
    from: week.from < month.from ? week.from : month.from,
    to: week.to > month.to ? week.to : month.to,
  };
}

/** Walks today, this week and this month: planned, completed, missed, uncovered, each linking to its list. */
export async function walkPeriods(
  ctx: Ctx,
  scope: { franchiseeId: number | null; zoneIds: number[] | null },
  today = indiaNow().date,
): Promise<WalkPeriod[]> {
  const companyId = requireCompany(ctx);
  const p = periodsOf(today);
  const [days, leave] = await Promise.all([
    walkDays(companyId, scope.franchiseeId, scope.zoneIds, p.from, p.to, today),
    onLeaveDays(companyId, scope.franchiseeId, scope.zoneIds, today, p.to),
  ]);
  const leaveOf = new Map(leave.map((l) => [l.date, Number(l.n)]));
  const sum = (from: string, to: string) => {
    const s = { planned: 0, completed: 0, missed: 0, uncovered: 0 };
    for (const d of days) {
      if (d.date < from || d.date > to) continue;
      s.planned += Number(d.planned);
      s.completed += Number(d.completed);
      s.missed += Number(d.missed);
      s.uncovered += Number(d.unassigned) + (leaveOf.get(d.date) ?? 0);
    }
    return s;
  };
  const franchisee = scope.franchiseeId != null ? `&franchisee_id=${encodeId(scope.franchiseeId)}` : "";
  const mayList = can(ctx, "daily_job_plans.list");
  const calendar = (from: string, to: string) =>
    mayList ? `/walk-calendar?from=${from}&to=${to}${franchisee}` : null;
  const period = (key: WalkPeriod["key"], label: string, from: string, to: string): WalkPeriod => {
    const s = sum(from, to);
    const list =
      key === "today"
        ? mayList
          ? `/daily-job-plans?date=${today}${franchisee}`
          : null
        : key === "month"
          ? mayList
            ? `/walk-calendar?month=${from.slice(0, 7)}${franchisee}`
            : null
          : calendar(from, to);
    return {
      key,
      label,
      from,
      to,
      planned: { label: "Planned", value: s.planned, href: list },
      completed: { label: "Completed", value: s.completed, href: list },
      missed: { label: "Missed", value: s.missed, href: list },
      uncovered: { label: "Uncovered", value: s.uncovered, href: calendar(from, to) },
    };
  };
  return [
    period("today", "Today", today, today),
    period("week", "This week", p.week.from, p.week.to),
    period("month", "This month", p.month.from, p.month.to),
  ];
}

/**
 * Completion and lateness of today's walks: completed of those due so far, and how many began more than 15 minutes
 * after their timeslot (one day of walks: a few thousand rows of the day index).
 */
export async function todaysPunctuality(
  ctx: Ctx,
  scope: { franchiseeId: number | null; zoneIds: number[] | null },
  today = indiaNow().date,
): Promise<{ begun: number; late: number; completed: number; due: number }> {
  const companyId = requireCompany(ctx);
  const db = await getDb();
  const [r] = rowsOf<{ begun: number; late: number; completed: number; due: number }>(
    await db.execute(sql`select
        count(*) filter (where w.started_at is not null)::int as begun,
        count(*) filter (where w.started_at > ((w.date + w.timeslot) at time zone 'Asia/Kolkata') + interval '15 minutes')::int as late,
        count(*) filter (where w.status = 2)::int as completed,
        count(*) filter (where w.status <> 6)::int as due
      from daily_job_plan_walks w
      where ${walksScope(companyId, scope.franchiseeId, scope.zoneIds)} and w.date = ${today}::date`),
  );
  return {
    begun: Number(r?.begun ?? 0),
    late: Number(r?.late ?? 0),
    completed: Number(r?.completed ?? 0),
    due: Number(r?.due ?? 0),
  };
}

export type MoneyRow = {
  franchisee_id: string;
  franchisee: string;
  zone: string | null;
  revenue: number;
  refunds: number;
  href: string | null;
};

/**
 * The month's plan revenue (approved monthly requests of the month, at their plan's final amount) and the refunds
 * (kept per franchisee in company_figures) per franchisee, largest first (at most `limit` rows), with the totals.
 */
export async function moneyByFranchisee(
  ctx: Ctx,
  zoneIds: number[] | null,
  today = indiaNow().date,
  limit = 12,
): Promise<{
  rows: MoneyRow[];
  revenue: number;
  refunds: number;
  byZone: { zone: string; revenue: number; refunds: number }[];
}> {
  const companyId = requireCompany(ctx);
  const [y, m] = today.split("-").map(Number);
  const db = await getDb();
  const scoped = (col: SQL) => (zoneIds != null ? inZones(companyId, zoneIds, col) : sql`true`);
  const rows = rowsOf<{ id: number; name: string; zone: string | null; revenue: string; refunds: string }>(
    await db.execute(sql`with rev as (
        select r.franchisee_id as id, sum(p.final_amount) as revenue
        from user_monthly_job_requests r join plans p on p.id = r.plan_id
        where r.company_id = ${companyId} and r.deleted_at is null and r.status = 1
          and r.year = ${y} and r.month = ${m} and r.franchisee_id is not null and ${scoped(sql`r.franchisee_id`)}
        group by r.franchisee_id),
      ref as (
        select c.franchisee_id as id, c.value as refunds from company_figures c
        where c.company_id = ${companyId} and c.figure = 'walk_requests.refunds' and c.franchisee_id <> 0
          and c.value <> 0 and ${scoped(sql`c.franchisee_id`)})
      select f.id, f.name, z.description as zone, coalesce(rev.revenue, 0)::text as revenue,
        coalesce(ref.refunds, 0)::text as refunds
      from (select id from rev union select id from ref) ids
      join franchisees f on f.id = ids.id
      left join rev on rev.id = ids.id left join ref on ref.id = ids.id
      left join value_lists z on z.id = f.zone_id
      where f.company_id = ${companyId}
      order by coalesce(rev.revenue, 0) desc, f.name`),
  );
  const mayList = can(ctx, "user_monthly_job_requests.list");
  const all = rows.map((r) => ({
    franchisee_id: encodeId(Number(r.id)),
    franchisee: r.name,
    zone: r.zone,
    revenue: Number(r.revenue),
    refunds: Number(r.refunds),
    href: mayList
      ? `/user-monthly-job-requests?status=1&month=${m}&year=${y}&franchisee_id=${encodeId(Number(r.id))}`
      : null,
  }));
  const zones = new Map<string, { zone: string; revenue: number; refunds: number }>();
  for (const r of all) {
    const z = zones.get(r.zone ?? "No zone") ?? { zone: r.zone ?? "No zone", revenue: 0, refunds: 0 };
    z.revenue += r.revenue;
    z.refunds += r.refunds;
    zones.set(z.zone, z);
  }
  return {
    rows: all.slice(0, limit),
    revenue: all.reduce((n, r) => n + r.revenue, 0),
    refunds: all.reduce((n, r) => n + r.refunds, 0),
    byZone: [...zones.values()].sort((a, b) => b.revenue - a.revenue),
  };
}

/** Franchisees holding an approved KYC document that expires within 30 days (the franchisees list's filter). */
export async function kycExpiring(
  ctx: Ctx,
  zoneIds: number[] | null,
  today = indiaNow().date,
): Promise<Figure> {
  const companyId = requireCompany(ctx);
  const db = await getDb();
  const [r] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(distinct d.franchisee_id)::int as n
      from franchisee_kyc_documents d join franchisees f on f.id = d.franchisee_id
      where d.deleted_at is null and d.status = 1 and d.expires_on >= ${today}::date
        and d.expires_on <= ${today}::date + 30 and f.company_id = ${companyId} and f.deleted_at is null
        ${zoneIds != null ? sql`and ${inZones(companyId, zoneIds, sql`f.id`)}` : sql``}`),
  );
  return {
    label: "KYC expiring in 30 days",
    value: Number(r?.n ?? 0),
    href: can(ctx, "franchisees.list") ? "/franchisees?kyc_expiring=1" : null,
  };
}

export type PendingFigure = Figure & { oldest: string | null };

/** Pending approvals the caller may decide, by kind, with the oldest's age: each links to the inbox's kind. */
export async function pendingByKind(ctx: Ctx): Promise<PendingFigure[]> {
  const kinds = inboxKinds(ctx);
  return (await inboxCounts(ctx, kinds)).map((c) => ({
    label: c.label,
    value: c.count,
    oldest: c.oldest,
    href: `/approvals?kind=${c.kind}`,
  }));
}

export type FranchisorHome = {
  kind: "franchisor";
  walks: WalkPeriod[];
  punctuality: Awaited<ReturnType<typeof todaysPunctuality>>;
  money: Awaited<ReturnType<typeof moneyByFranchisee>>;
  pending: PendingFigure[];
  kyc: Figure;
};

/** The franchisor's (ADMIN, SUPER ADMIN, BACKEND ADMIN acting for a company) home: the whole company. */
export async function franchisorHome(ctx: Ctx): Promise<FranchisorHome> {
  const scope = { franchiseeId: null, zoneIds: null };
  const [walks, punctuality, money, pending, kyc] = await Promise.all([
    walkPeriods(ctx, scope),
    todaysPunctuality(ctx, scope),
    moneyByFranchisee(ctx, null),
    pendingByKind(ctx),
    kycExpiring(ctx, null),
  ]);
  return { kind: "franchisor", walks, punctuality, money, pending, kyc };
}

export type WalkerToday = {
  walker_id: string | null;
  walker: string;
  planned: number;
  started: number;
  completed: number;
  not_started: number;
  href: string | null;
};

export type WaitingRequest = {
  id: string;
  customer: string;
  summary: string;
  hours_before_walk: number;
  href: string;
};

export type FranchiseeHome = {
  kind: "franchisee";
  walks: WalkPeriod[];
  walkers: WalkerToday[];
  pendingLeave: Figure;
  monthlyWaiting: Figure;
  walkRequests: Figure;
  waiting: WaitingRequest[];
  pending: PendingFigure[];
};

/**
 * The FRANCHISEE ADMIN's home: today's walks by walker and status, uncovered walks, pending leave, the monthly
 * requests waiting for their approval, and the customers' pending requests with the hours-before colours.
 */
export async function franchiseeHome(ctx: Ctx, today = indiaNow().date): Promise<FranchiseeHome> {
  const companyId = requireCompany(ctx);
  const franchiseeId = ctx.franchiseeId!;
  const scope = { franchiseeId, zoneIds: null };
  const db = await getDb();
  const [walks, walkerRows, counts, waitingRows, pending] = await Promise.all([
    walkPeriods(ctx, scope, today),
    db.execute(sql`select w.walker_id, coalesce(nullif(u.user_name, ''), nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''),
          'No walker') as walker,
        count(*) filter (where w.status <> 6)::int as planned,
        count(*) filter (where w.status = 1)::int as started,
        count(*) filter (where w.status = 2)::int as completed,
        count(*) filter (where w.status in (${notStarted}))::int as not_started
      from daily_job_plan_walks w left join users u on u.id = w.walker_id
      where ${walksScope(companyId, franchiseeId, null)} and w.date = ${today}::date
      group by w.walker_id, u.user_name, u.first_name, u.last_name
      order by (w.walker_id is null) desc, 2 limit 50`),
    db.execute(sql`select
        (select count(*) from leave_requests t where t.company_id = ${companyId} and t.franchisee_id = ${franchiseeId}
          and t.status = 0 and t.deleted_at is null)::int as leave,
        (select count(*) from user_monthly_job_requests t where t.company_id = ${companyId}
          and t.franchisee_id = ${franchiseeId} and t.status = 0 and t.franchisee_approval_status = 0
          and t.deleted_at is null)::int as monthly,
        (select count(*) from customer_walk_requests t where t.company_id = ${companyId}
          and t.franchisee_id = ${franchiseeId} and t.status = 'pending' and t.deleted_at is null)::int as requests`),
    db.execute(sql`select t.id, coalesce(nullif(u.user_name, ''), nullif(trim(concat_ws(' ', u.first_name, u.last_name)), '')) as customer,
        t.request_type, to_char(t.original_date, 'DD-MM-YYYY') as original_date,
        to_char(t.new_date, 'DD-MM-YYYY') as new_date, t.hours_before_walk
      from customer_walk_requests t left join users u on u.id = t.user_id
      where t.company_id = ${companyId} and t.franchisee_id = ${franchiseeId} and t.status = 'pending'
        and t.deleted_at is null
      order by t.requested_at, t.id limit 8`),
    pendingByKind(ctx),
  ]);
  const c = rowsOf<{ leave: number; monthly: number; requests: number }>(counts)[0];
  const mayPlans = can(ctx, "daily_job_plans.list");
  return {
    kind: "franchisee",
    walks,
    walkers: rowsOf<{
      walker_id: number | null;
      walker: string;
      planned: number;
      started: number;
      completed: number;
      not_started: number;
    }>(walkerRows).map((r) => ({
      walker_id: r.walker_id != null ? encodeId(Number(r.walker_id)) : null,
      walker: r.walker,
      planned: Number(r.planned),
      started: Number(r.started),
      completed: Number(r.completed),
      not_started: Number(r.not_started),
      href:
        mayPlans && r.walker_id != null
          ? `/daily-job-plans?date=${today}&walker_id=${encodeId(Number(r.walker_id))}`
          : mayPlans
            ? `/walk-calendar?from=${today}&to=${today}`
            : null,
    })),
    pendingLeave: {
      label: "Pending leave",
      value: Number(c?.leave ?? 0),
      href: can(ctx, "leave_requests.list") ? "/leave-requests?status=0" : null,
    },
    monthlyWaiting: {
      label: "Monthly requests waiting for you",
      value: Number(c?.monthly ?? 0),
      href: can(ctx, "user_monthly_job_requests.list")
        ? "/user-monthly-job-requests?franchisee_approval_status=0"
        : null,
    },
    walkRequests: {
      label: "Customer requests pending",
      value: Number(c?.requests ?? 0),
      href: can(ctx, "customer_walk_requests.list") ? "/customer-walk-requests?status=pending" : null,
    },
    waiting: rowsOf<{
      id: number;
      customer: string | null;
      request_type: string;
      original_date: string;
      new_date: string | null;
      hours_before_walk: number;
    }>(waitingRows).map((r) => ({
      id: encodeId(Number(r.id)),
      customer: r.customer ?? "—",
      summary:
        r.request_type === "cancel"
          ? `Cancel ${r.original_date}`
          : `Reschedule ${r.original_date} to ${r.new_date ?? "—"}`,
      hours_before_walk: Number(r.hours_before_walk),
      href: `/approvals?kind=customer_walk_requests`,
    })),
    pending,
  };
}

export type FranchiseeLine = {
  franchisee_id: string;
  franchisee: string;
  zone: string | null;
  planned: number;
  completed: number;
  unassigned: number;
  leave: number;
  monthly: number;
  requests: number;
  href: string | null;
};

export type MasterHome = {
  kind: "master";
  walks: WalkPeriod[];
  franchisees: FranchiseeLine[];
  more: boolean;
  pending: PendingFigure[];
  kyc: Figure;
};

/** The MASTER FRANCHISEE's home: the same over their zones, franchisee by franchisee (at most 50 lines). */
export async function masterHome(ctx: Ctx, today = indiaNow().date): Promise<MasterHome> {
  const companyId = requireCompany(ctx);
  const zoneIds = ctx.zoneIds ?? [];
  const db = await getDb();
  const zones = zoneIds.length
    ? sql.join(
        zoneIds.map((z) => sql`${z}::int`),
        sql`, `,
      )
    : sql`null`;
  const [walks, lines, pending, kyc] = await Promise.all([
    walkPeriods(ctx, { franchiseeId: null, zoneIds }, today),
    db.execute(sql`with fr as (
        select f.id, f.name, f.zone_id from franchisees f
        where f.company_id = ${companyId} and f.deleted_at is null and f.zone_id in (${zones})
        order by f.name, f.id limit 51)
      select fr.id, fr.name, z.description as zone,
        (select count(*) filter (where w.status <> 6) from daily_job_plan_walks w where w.company_id = ${companyId}
          and w.franchisee_id = fr.id and w.date = ${today}::date and w.deleted_at is null)::int as planned,
        (select count(*) filter (where w.status = 2) from daily_job_plan_walks w where w.company_id = ${companyId}
          and w.franchisee_id = fr.id and w.date = ${today}::date and w.deleted_at is null)::int as completed,
        (select count(*) from daily_job_plan_walks w where w.company_id = ${companyId} and w.franchisee_id = fr.id
          and w.date = ${today}::date and w.deleted_at is null and w.walker_id is null
          and w.status in (${notStarted}))::int as unassigned,
        (select count(*) from leave_requests t where t.company_id = ${companyId} and t.franchisee_id = fr.id
          and t.status = 0 and t.deleted_at is null)::int as leave,
        (select count(*) from user_monthly_job_requests t where t.company_id = ${companyId}
          and t.franchisee_id = fr.id and t.status = 0 and t.deleted_at is null)::int as monthly,
        (select count(*) from customer_walk_requests t where t.company_id = ${companyId} and t.franchisee_id = fr.id
          and t.status = 'pending' and t.deleted_at is null)::int as requests
      from fr left join value_lists z on z.id = fr.zone_id
      order by fr.name, fr.id`),
    pendingByKind(ctx),
    kycExpiring(ctx, zoneIds, today),
  ]);
  const rows = rowsOf<{
    id: number;
    name: string;
    zone: string | null;
    planned: number;
    completed: number;
    unassigned: number;
    leave: number;
    monthly: number;
    requests: number;
  }>(lines);
  const mayMonthly = can(ctx, "user_monthly_job_requests.list");
  return {
    kind: "master",
    walks,
    franchisees: rows.slice(0, 50).map((r) => ({
      franchisee_id: encodeId(Number(r.id)),
      franchisee: r.name,
      zone: r.zone,
      planned: Number(r.planned),
      completed: Number(r.completed),
      unassigned: Number(r.unassigned),
      leave: Number(r.leave),
      monthly: Number(r.monthly),
      requests: Number(r.requests),
      href: mayMonthly ? `/user-monthly-job-requests?status=0&franchisee_id=${encodeId(Number(r.id))}` : null,
    })),
    more: rows.length > 50,
    pending,
    kyc,
  };
}
