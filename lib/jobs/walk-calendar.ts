import "server-only";
import { and, asc, eq, gte, isNull, lte, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import {
  dailyJobPlanWalks,
  dailyJobPlans,
  franchisees,
  leaveRequests,
  userPets,
  users,
  walkDayFigures,
} from "@/db/schema";
import { authorize, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { invalid, notFound } from "@/lib/platform/errors";
import { parseIdParam } from "@/lib/platform/ids";
import { ROLE } from "@/lib/platform/permissions";
import { rawParam, type RawParams } from "@/lib/platform/list";
import { addDays, parseDate } from "@/lib/operations/week-parity";
import { indiaNow, NOT_STARTED, userNameOf, WALK_STATUS, WALK_STATUS_LABELS } from "./common";

// The walk calendar (issue 11, beyond the spec): a month or a week of a franchisee's walks, or one walker's, with
// approved leave and uncovered walks marked. One grouped statement counts the walks per day, one reads the leave of
// the range, and a week reads its walks by timeslot: never a statement per day.

/** Texts of the calendar's parameters. */
export const CALENDAR_MESSAGES = {
  month: "The month must be a month like 2026-11.",
  date: "The date must be a date like 2026-11-25.",
  range: "The range may span at most 42 days, from before to.",
  walker: "The selected walker is invalid.",
} as const;

/** The longest range one call reads (six weeks: a month's grid). */
export const CALENDAR_MAX_DAYS = 42;
/** The most walks a week view lists (its counts stay exact beyond). */
export const CALENDAR_WEEK_WALKS = 2000;

export type CalendarQuery = {
  from: string;
  to: string;
  /** The franchisee the calendar shows (a member's own, always); null: the whole company (admins). */
  franchiseeId: number | null;
  walkerId: number | null;
};

const validDate = (s: string) => parseDate(s) != null;
export { addDays };
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / 86_400_000);

/** The first and last day of a month "YYYY-MM"; null when it is not one. */
export function monthRange(month: string): { from: string; to: string } | null {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) return null;
  const from = `${m[1]}-${m[2]}-01`;
  const next =
    Number(m[2]) === 12
      ? `${Number(m[1]) + 1}-01-01`
      : `${m[1]}-${String(Number(m[2]) + 1).padStart(2, "0")}-01`;
  return { from, to: addDays(next, -1) };
}

const idParam = (v: string | undefined, field: string, message: string): number | null => {
  const s = v?.trim();
  if (!s) return null;
  const id = parseIdParam(s);
  if (id == null || id > 2_147_483_647) throw invalid({ [field]: message });
  return id;
};

/**
 * The calendar's parameters: month=YYYY-MM (default this month in India), or from and to (YYYY-MM-DD, at most 42
 * days: a week view); franchisee_id and walker_id as plain or opaque ids. A franchisee's member always sees their own
 * franchisee (naming another answers 404); an admin's franchisee must be a live one of the company (else 404).
 */
export async function parseCalendarQuery(ctx: Ctx, raw: RawParams): Promise<CalendarQuery> {
  const app = ctx.roleName === ROLE.USER;
  // An app user (a walker) reads their own calendar (walks.list); the back office its scope's.
  authorize(ctx, app ? "walks.list" : "daily_job_plans.list");
  const companyId = requireCompany(ctx);
  const fromRaw = rawParam(raw, "from")?.trim();
  const toRaw = rawParam(raw, "to")?.trim();
  let range: { from: string; to: string };
  if (fromRaw || toRaw) {
    if (!fromRaw || !validDate(fromRaw)) throw invalid({ from: CALENDAR_MESSAGES.date });
    if (!toRaw || !validDate(toRaw)) throw invalid({ to: CALENDAR_MESSAGES.date });
    const span = daysBetween(fromRaw, toRaw);
    if (span < 0 || span >= CALENDAR_MAX_DAYS) throw invalid({ to: CALENDAR_MESSAGES.range });
    range = { from: fromRaw, to: toRaw };
  } else {
    const month = rawParam(raw, "month")?.trim() || indiaNow().date.slice(0, 7);
    const r = monthRange(month);
    if (!r) throw invalid({ month: CALENDAR_MESSAGES.month });
    range = r;
  }
  if (app) {
    // Their own walks and leave only: another walker answers 404; a franchisee is not theirs to choose.
    const other = idParam(rawParam(raw, "walker_id"), "walker_id", CALENDAR_MESSAGES.walker);
    if (other != null && other !== ctx.userId) throw notFound();
    return { ...range, franchiseeId: null, walkerId: ctx.userId };
  }
  const sent = idParam(
    rawParam(raw, "franchisee_id"),
    "franchisee_id",
    "The selected franchisee is invalid.",
  );
  let franchiseeId: number | null = sent;
  const db = await getDb();
  if (ctx.franchiseeId != null) {
    if (sent != null && sent !== ctx.franchiseeId) throw notFound();
    franchiseeId = ctx.franchiseeId;
  } else if (sent != null) {
    const [f] = await db
      .select({ id: franchisees.id })
      .from(franchisees)
      .where(
        and(eq(franchisees.id, sent), eq(franchisees.company_id, companyId), isNull(franchisees.deleted_at)),
      );
    if (!f) throw notFound();
  }
  const walkerId = idParam(rawParam(raw, "walker_id"), "walker_id", CALENDAR_MESSAGES.walker);
  if (walkerId != null) {
    const [u] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, walkerId), eq(users.company_id, companyId)));
    if (!u) throw notFound();
  }
  return { ...range, franchiseeId, walkerId };
}

// ---------------------------------------------------------------------------------------------------------------
// The answer.

const leaveSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  user_name: z.string().nullable(),
  leave_type: z.string().describe("full_day or time_range."),
  start_time: z.string().nullable().describe("HH:MM, for a time_range leave."),
  end_time: z.string().nullable(),
  replacement_user_id: z.number().nullable(),
  replacement_name: z.string().nullable(),
});
const calendarWalkSchema = z.object({
  id: z.number(),
  daily_job_plan_id: z.number(),
  timeslot: z.string().describe("HH:MM."),
  duration_minutes: z.number(),
  status: z.number(),
  status_label: z.string(),
  walker_id: z.number().nullable(),
  walker_name: z.string().nullable(),
  customer_name: z.string().nullable(),
  pet_name: z.string().nullable(),
  uncovered: z.boolean(),
});
const daySchema = z.object({
  date: z.string().describe("YYYY-MM-DD."),
  walks: z.number().describe("Walks of the day, cancelled ones left out."),
  completed: z.number(),
  uncovered: z
    .number()
    .describe(
      "Walks not yet started whose walker is unset or on approved leave at that time (no replacement).",
    ),
  leave: z
    .array(leaveSchema)
    .describe("Approved leave of the day (the franchisee's walkers, or the walker's)."),
  items: z
    .array(calendarWalkSchema)
    .optional()
    .describe("A range of at most 7 days (the week view): the day's walks by timeslot."),
});
export const calendarAnswerSchema = z.object({
  data: z.object({
    from: z.string(),
    to: z.string(),
    franchisee_id: z.number().nullable(),
    walker_id: z.number().nullable(),
    days: z.array(daySchema),
  }),
});
export const calendarQuerySchema = z.object({
  month: z.string().optional().describe("YYYY-MM (default: this month in India)."),
  from: z.string().optional().describe("YYYY-MM-DD: a range instead of a month (with to; at most 42 days)."),
  to: z.string().optional().describe("YYYY-MM-DD, included."),
  franchisee_id: z
    .string()
    .optional()
    .describe("An admin's choice (default: the whole company); a franchisee's member always sees their own."),
  walker_id: z.string().optional().describe("One walker's walks and leave."),
});

export type CalendarLeave = z.infer<typeof leaveSchema>;
export type CalendarWalk = z.infer<typeof calendarWalkSchema>;
export type CalendarDay = z.infer<typeof daySchema>;
export type Calendar = z.infer<typeof calendarAnswerSchema>["data"];

const nameOf = userNameOf;

const w = dailyJobPlanWalks;

/**
 * Whether a walk is uncovered: not yet started, and its walker is unset or on approved leave at its time (the whole
 * day, or a time range overlapping the walk). The leave's (company, user, date) index answers it.
 */
const uncoveredSql = sql<boolean>`(${w.status} in (${sql.join(
  NOT_STARTED.map((s) => sql`${s}::smallint`),
  sql`, `,
)}) and (${w.walker_id} is null or exists (select 1 from ${leaveRequests} l
  where l.company_id = ${w.company_id} and l.user_id = ${w.walker_id} and l.date = ${w.date}
    and l.status = 1 and l.deleted_at is null
    and (l.leave_type = 'full_day'
      or (${w.timeslot} < l.end_time and ${w.timeslot} + make_interval(mins => ${w.duration_minutes}::int) > l.start_time)))))`;

/** The walks the calendar counts: live, not cancelled, of the company, range, franchisee and walker. */
function walksWhere(companyId: number, q: CalendarQuery): SQL {
  return and(
    eq(w.company_id, companyId),
    q.walkerId != null ? eq(w.walker_id, q.walkerId) : undefined,
    q.franchiseeId != null ? eq(w.franchisee_id, q.franchiseeId) : undefined,
    gte(w.date, q.from),
    lte(w.date, q.to),
    isNull(w.deleted_at),
    ne(w.status, WALK_STATUS.CANCELLED),
  )!;
}

const hhmm = (t: string | null) => (t ? t.slice(0, 5) : null);

/** The approved leave of the range (the franchisee's walkers, or the walker's). */
function leaveWhere(companyId: number, q: CalendarQuery): SQL {
  return and(
    eq(leaveRequests.company_id, companyId),
    q.walkerId != null ? eq(leaveRequests.user_id, q.walkerId) : undefined,
    q.franchiseeId != null ? eq(leaveRequests.franchisee_id, q.franchiseeId) : undefined,
    eq(leaveRequests.status, 1),
    isNull(leaveRequests.deleted_at),
    gte(leaveRequests.date, q.from),
    lte(leaveRequests.date, q.to),
  )!;
}

type DayCounts = { walks: number; completed: number; uncovered: number };

/**
 * The walks of each day of the range: how many (cancelled left out), completed, and uncovered (not started, and no
 * walker or one on approved leave at the time).
 *
 * - One walker's: their walks by the walker index, each tested (a month is a few hundred walks).
 * - A franchisee's or the whole company's: the kept figures (walk_day_figures, by day, status and walker set: a few
 *   hundred rows, however many walks; a company's month counted ~400k walks), plus the walks whose walker is on
 *   approved leave, driven by the range's approved leave (a few hundred rows). At once, on two pool connections.
 */
export async function dayCounts(companyId: number, q: CalendarQuery): Promise<Map<string, DayCounts>> {
  const db = await getDb();
  const notStarted = sql.join(
    NOT_STARTED.map((s) => sql`${s}::smallint`),
    sql`, `,
  );
  if (q.walkerId != null) {
    const rows = await db
      .select({
        date: w.date,
        walks: sql<number>`count(*)::int`,
        completed: sql<number>`(count(*) filter (where ${w.status} = ${WALK_STATUS.COMPLETED}))::int`,
        uncovered: sql<number>`(count(*) filter (where ${uncoveredSql}))::int`,
      })
      .from(w)
      .where(walksWhere(companyId, q))
      .groupBy(w.date);
    return new Map(rows.map(({ date, ...c }) => [date, c]));
  }
  const f = walkDayFigures;
  const [figures, onLeave] = await Promise.all([
    db
      .select({
        date: f.date,
        walks: sql<number>`(coalesce(sum(${f.walks}) filter (where ${f.status} <> ${WALK_STATUS.CANCELLED}), 0))::int`,
        completed: sql<number>`(coalesce(sum(${f.walks}) filter (where ${f.status} = ${WALK_STATUS.COMPLETED}), 0))::int`,
        unassigned: sql<number>`(coalesce(sum(${f.walks}) filter (where not ${f.assigned} and ${f.status} in (${notStarted})), 0))::int`,
      })
      .from(f)
      .where(
        and(
          eq(f.company_id, companyId),
          eq(f.franchisee_id, q.franchiseeId ?? 0),
          gte(f.date, q.from),
          lte(f.date, q.to),
        ),
      )
      .groupBy(f.date),
    // Walks not yet started whose walker is on approved leave at their time (each walk once).
    db
      .select({ date: w.date, uncovered: sql<number>`count(distinct ${w.id})::int` })
      .from(leaveRequests)
      .innerJoin(
        w,
        and(
          eq(w.company_id, leaveRequests.company_id),
          eq(w.walker_id, leaveRequests.user_id),
          eq(w.date, leaveRequests.date),
        ),
      )
      .where(
        and(
          leaveWhere(companyId, q),
          walksWhere(companyId, q),
          sql`${w.status} in (${notStarted})`,
          sql`(${leaveRequests.leave_type} = 'full_day' or (${w.timeslot} < ${leaveRequests.end_time}
              and ${w.timeslot} + make_interval(mins => ${w.duration_minutes}::int) > ${leaveRequests.start_time}))`,
        ),
      )
      .groupBy(w.date),
  ]);
  const out = new Map<string, DayCounts>();
  for (const r of figures)
    out.set(r.date, { walks: r.walks, completed: r.completed, uncovered: r.unassigned });
  for (const r of onLeave) {
    const c = out.get(r.date) ?? { walks: 0, completed: 0, uncovered: 0 };
    c.uncovered += r.uncovered;
    out.set(r.date, c);
  }
  return out;
}

/**
 * The calendar of a range: every day with its walk counts (walks, completed, uncovered) and approved leave; a range
 * of at most 7 days also lists each day's walks by timeslot. Permission daily_job_plans.list; the parameters as
 * parseCalendarQuery reads them.
 */
export async function walkCalendar(
  ctx: Ctx,
  raw: RawParams,
  o: { walkLimit?: number } = {},
): Promise<Calendar> {
  const q = await parseCalendarQuery(ctx, raw);
  const companyId = requireCompany(ctx);
  const db = await getDb();
  const replacement = alias(users, "replacement");
  // The counts and the leave at once (two pool connections: one round trip of waiting).
  const leaveOfRange = db
    .select({
      id: leaveRequests.id,
      date: leaveRequests.date,
      user_id: leaveRequests.user_id,
      user_name: nameOf(users),
      leave_type: leaveRequests.leave_type,
      start_time: leaveRequests.start_time,
      end_time: leaveRequests.end_time,
      replacement_user_id: leaveRequests.replacement_user_id,
      replacement_name: nameOf(replacement),
    })
    .from(leaveRequests)
    .innerJoin(users, eq(users.id, leaveRequests.user_id))
    .leftJoin(replacement, eq(replacement.id, leaveRequests.replacement_user_id))
    .where(leaveWhere(companyId, q))
    .orderBy(asc(leaveRequests.date), asc(leaveRequests.start_time), asc(leaveRequests.id));
  const [counts, leave] = await Promise.all([dayCounts(companyId, q), leaveOfRange]);

  let items: Map<string, CalendarWalk[]> | null = null;
  if (daysBetween(q.from, q.to) < 7) {
    items = new Map();
    const walkWalker = alias(users, "walk_walker");
    const customer = alias(users, "customer");
    const rows = await db
      .select({
        id: w.id,
        date: w.date,
        daily_job_plan_id: w.daily_job_plan_id,
        timeslot: w.timeslot,
        duration_minutes: w.duration_minutes,
        status: w.status,
        walker_id: w.walker_id,
        walker_name: nameOf(walkWalker),
        // A walker's own calendar names the customer by first name only.
        customer_name: ctx.roleName === ROLE.USER ? sql<string>`${customer.first_name}` : nameOf(customer),
        pet_name: userPets.name,
        uncovered: uncoveredSql,
      })
      .from(w)
      .innerJoin(dailyJobPlans, eq(dailyJobPlans.id, w.daily_job_plan_id))
      .leftJoin(walkWalker, eq(walkWalker.id, w.walker_id))
      .leftJoin(customer, eq(customer.id, dailyJobPlans.user_id))
      .leftJoin(userPets, eq(userPets.id, dailyJobPlans.user_pet_id))
      .where(walksWhere(companyId, q))
      .orderBy(asc(w.date), asc(w.timeslot), asc(w.id))
      .limit(o.walkLimit ?? CALENDAR_WEEK_WALKS);
    for (const { date, ...r } of rows) {
      const list = items.get(date) ?? [];
      list.push({
        ...r,
        timeslot: r.timeslot.slice(0, 5),
        status_label: WALK_STATUS_LABELS[r.status] ?? String(r.status),
        uncovered: r.uncovered === true || (r.uncovered as unknown) === "t",
      });
      items.set(date, list);
    }
  }

  const byDay = counts;
  const leaveByDay = new Map<string, CalendarLeave[]>();
  for (const { date, ...l } of leave) {
    const list = leaveByDay.get(date) ?? [];
    list.push({ ...l, start_time: hhmm(l.start_time), end_time: hhmm(l.end_time) });
    leaveByDay.set(date, list);
  }
  const days: CalendarDay[] = [];
  for (let d = q.from; d <= q.to; d = addDays(d, 1)) {
    const c = byDay.get(d);
    days.push({
      date: d,
      walks: c?.walks ?? 0,
      completed: c?.completed ?? 0,
      uncovered: c?.uncovered ?? 0,
      leave: leaveByDay.get(d) ?? [],
      ...(items ? { items: items.get(d) ?? [] } : {}),
    });
  }
  return { from: q.from, to: q.to, franchisee_id: q.franchiseeId, walker_id: q.walkerId, days };
}

// ---------------------------------------------------------------------------------------------------------------
// The portal's calendar (issue 23): a summary per day, and a day's walks when it is opened.

/** A day of the portal's month or company-wide week: counts only (a company's month holds ~400k walks). */
export type CalendarSummaryDay = {
  date: string;
  walks: number;
  completed: number;
  uncovered: number;
  /** Approved leave of the day. */
  on_leave: number;
};
export type CalendarSummary = Omit<Calendar, "days"> & { days: CalendarSummaryDay[] };

/** The most walks an opened day lists (its counts stay exact beyond; the day's daily job plans list them all). */
export const CALENDAR_DAY_WALKS = 100;

/**
 * The calendar's days with their counts (walks, completed, uncovered) and how many walkers are on approved leave,
 * in three grouped statements whatever the range holds (at once, on three pool connections): the walks by day and status over
 * djp_walks_day_idx (company, date, status, walker) without reading the rows; the walks whose walker is on leave
 * driven by the range's approved leave (a few hundred rows); the leave by day. Same parameters and permission as
 * walkCalendar.
 */
export async function calendarSummary(ctx: Ctx, raw: RawParams): Promise<CalendarSummary> {
  const q = await parseCalendarQuery(ctx, raw);
  const companyId = requireCompany(ctx);
  const db = await getDb();
  const [counts, leave] = await Promise.all([
    dayCounts(companyId, q),
    db
      .select({ date: leaveRequests.date, n: sql<number>`count(*)::int` })
      .from(leaveRequests)
      .where(leaveWhere(companyId, q))
      .groupBy(leaveRequests.date),
  ]);
  const leaveCount = new Map(leave.map((c) => [c.date, c.n]));
  const days: CalendarSummaryDay[] = [];
  for (let d = q.from; d <= q.to; d = addDays(d, 1)) {
    const c = counts.get(d);
    days.push({
      date: d,
      walks: c?.walks ?? 0,
      completed: c?.completed ?? 0,
      uncovered: c?.uncovered ?? 0,
      on_leave: leaveCount.get(d) ?? 0,
    });
  }
  return { from: q.from, to: q.to, franchisee_id: q.franchiseeId, walker_id: q.walkerId, days };
}

/**
 * One day of the calendar, opened: its approved leave and its first CALENDAR_DAY_WALKS walks by timeslot (with
 * `more` when the day has others), for the same parameters as the calendar (`date` instead of a range).
 */
export async function calendarDay(
  ctx: Ctx,
  raw: RawParams,
): Promise<{ date: string; walks: CalendarWalk[]; more: boolean; leave: CalendarLeave[] }> {
  const date = rawParam(raw, "date")?.trim() ?? "";
  if (!validDate(date)) throw invalid({ date: CALENDAR_MESSAGES.date });
  const day = await walkCalendar(
    ctx,
    {
      franchisee_id: rawParam(raw, "franchisee_id"),
      walker_id: rawParam(raw, "walker_id"),
      from: date,
      to: date,
    },
    { walkLimit: CALENDAR_DAY_WALKS + 1 },
  );
  const d = day.days[0];
  const walks = d?.items ?? [];
  return {
    date,
    walks: walks.slice(0, CALENDAR_DAY_WALKS),
    more: walks.length > CALENDAR_DAY_WALKS,
    leave: d?.leave ?? [],
  };
}
