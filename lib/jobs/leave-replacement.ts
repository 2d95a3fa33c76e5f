import "server-only";
import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import {
  dailyJobPlans,
  dailyJobPlanWalks,
  leaveRequests,
  leaveRequestWalks,
  userMonthlyJobRequests,
  users,
} from "@/db/schema";
import { rowsOf, type Executor } from "@/lib/platform/db";
import { minutesOf, NOT_STARTED, WALK_STATUS, walkersWhere } from "./common";

// A leave's walks and who may take them over (spec 002 §2 Staff replacement modal, §4, §5; issue 11): the window a
// leave covers, the walks it affects, and the available staff, ranked. Plain database functions: the caller checks
// permission and scope (lib/jobs/leave-requests.ts).

/** A leave request as these functions read it. */
export type LeaveRow = typeof leaveRequests.$inferSelect;

/** A span of one day, in minutes since midnight: [from, to). */
export type Window = { date: string; from: number; to: number };

/** The leave's window: the whole date for full_day, start_time to end_time for time_range. */
export function leaveWindow(l: Pick<LeaveRow, "date" | "leave_type" | "start_time" | "end_time">): Window {
  if (l.leave_type !== "time_range" || !l.start_time || !l.end_time)
    return { date: l.date, from: 0, to: 1440 };
  return { date: l.date, from: minutesOf(l.start_time), to: minutesOf(l.end_time) };
}

/** Minutes since midnight of a time column, in SQL. */
export const minutesSql = (c: AnyPgColumn | SQL) =>
  sql<number>`(extract(hour from ${c}) * 60 + extract(minute from ${c}))::int`;

const w = dailyJobPlanWalks;

/** A walk [timeslot, timeslot + duration) overlapping the window, on its date. */
export const walkOverlaps = (win: Window) =>
  and(
    eq(w.date, win.date),
    sql`${minutesSql(w.timeslot)} < ${win.to}`,
    sql`${minutesSql(w.timeslot)} + ${w.duration_minutes} > ${win.from}`,
  )!;

/** `c in (ids)`, false for none. */
export const inIds = (c: AnyPgColumn | SQL, ids: readonly number[]) =>
  ids.length
    ? sql`${c} in (${sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      )})`
    : sql`false`;

/** A walk that still counts (live, not cancelled). */
const liveWalk = and(isNull(w.deleted_at), ne(w.status, WALK_STATUS.CANCELLED))!;

/**
 * The walks a leave affects, locked when `lock`: before approval the walker's live walks overlapping the window
 * (`movable`: only those not started, which an approval moves); once approved, those leave_request_walks records.
 */
export async function affectedWalks(
  db: Executor,
  leave: LeaveRow,
  o: { movable?: boolean; lock?: boolean } = {},
) {
  const base = db
    .select({
      id: w.id,
      walker_id: w.walker_id,
      date: w.date,
      timeslot: w.timeslot,
      duration_minutes: w.duration_minutes,
      status: w.status,
      user_id: dailyJobPlans.user_id,
      user_pet_id: dailyJobPlans.user_pet_id,
      user_pet_2_id: dailyJobPlans.user_pet_2_id,
      zone_id: userMonthlyJobRequests.zone_id,
    })
    .from(w)
    .innerJoin(dailyJobPlans, eq(dailyJobPlans.id, w.daily_job_plan_id))
    .leftJoin(
      userMonthlyJobRequests,
      eq(userMonthlyJobRequests.id, dailyJobPlans.user_monthly_job_request_id),
    );
  const q =
    leave.status === 1
      ? base.where(
          and(
            // Driven from the leave's own rows (an array of its walk ids, then the walks by primary key): a semi
            // join here was planned on statistics that went stale as approvals added rows, and read the walks'
            // index whole (3.76M entries, 1.15 s).
            sql`${w.id} = any(array(select ${leaveRequestWalks.walk_id} from ${leaveRequestWalks} where ${leaveRequestWalks.leave_request_id} = ${leave.id}))`,
            isNull(w.deleted_at),
          ),
        )
      : base.where(
          and(
            eq(w.company_id, leave.company_id),
            eq(w.walker_id, leave.user_id),
            liveWalk,
            walkOverlaps(leaveWindow(leave)),
            o.movable ? inArray(w.status, [...NOT_STARTED]) : undefined,
          ),
        );
  const ordered = q.orderBy(asc(w.date), asc(w.timeslot), asc(w.id));
  return o.lock ? ordered.for("update", { of: w }) : ordered;
}
export type AffectedWalk = Awaited<ReturnType<typeof affectedWalks>>[number];

/**
 * A staff member as the replacement picker lists them (spec 002 §3 Staff member), with why they rank where they do:
 * the type and the /api answer's schema.
 */
export const staffMemberSchema = z.object({
  id: z.number(),
  first_name: z.string(),
  middle_name: z.string().nullable(),
  last_name: z.string(),
  employee_code: z.string().nullable(),
  phone: z.string().nullable(),
  image_path: z.string().nullable(),
  same_zone: z
    .boolean()
    .describe("Walks a monthly request of the affected walks' zone that day (ranked first)."),
  walked_pets_before: z
    .boolean()
    .describe("Walked one of the affected pets before the leave's date (ranked next)."),
  walks_that_day: z.number().describe("Their live walks that day (fewest ranked first)."),
  cursor: z.string().describe("Send it back as `after` for the members ranked after this one."),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** Where a page of available staff starts: after the member a cursor names, in the ranking's order. */
const rankSchema = z.tuple([
  z.boolean(),
  z.boolean(),
  z.number().int(),
  z.string(),
  z.string(),
  z.number().int(),
]);
type Rank = z.infer<typeof rankSchema>;
const rankCursor = (r: Rank) => Buffer.from(JSON.stringify(r)).toString("base64url");
function parseRank(cursor: string | undefined): Rank | null {
  if (!cursor) return null;
  try {
    const r = rankSchema.safeParse(JSON.parse(Buffer.from(cursor, "base64url").toString()));
    return r.success ? r.data : null;
  } catch {
    return null;
  }
}

/** Whether `cursor` is a staff member's cursor (StaffMember.cursor). */
export const isStaffCursor = (cursor: string) => parseRank(cursor) != null;

/**
 * The staff who may take over `walks` (the affected walks), one statement: the franchisee's active walkers
 * (walkersWhere) other than the leave's walker, with no live walk overlapping the window (`window`, else the leave's
 * stretched over the affected walks; other than `walks`
 * themselves, which a reassignment moves between replacements) and no approved leave overlapping it. Ranked:
 * same zone first (they walk, that day, a monthly request of a zone of the affected walks' requests), then those
 * who walked one of these pets before the date, then the fewest walks that day, then by name. `ids` narrows to
 * those users (the check of a chosen replacement, inside the approval's transaction); `search` to a name, employee
 * code or phone; `limit` and `after` (a member's cursor) page the ranking.
 *
 * Set-based: the day's walks of the company, the day's approved leave and the affected customers' earlier walks are
 * each read once and joined to the walkers by hash, instead of sub-selects per walker (17,600 walkers: 2.7-3.6 s);
 * "same zone" is one index probe per candidate (the walker's requests ending on or after the date), as the set of
 * the company's requests of the day is a third of the table at 1M users. The ranking is sorted and cut in SQL.
 */
export async function availableStaff(
  db: Executor,
  leave: LeaveRow,
  o: {
    window?: Window;
    walks?: readonly AffectedWalk[];
    ids?: number[];
    limit?: number;
    after?: string;
    search?: string;
  } = {},
): Promise<StaffMember[]> {
  const walks = o.walks ?? (await affectedWalks(db, leave));
  // The window a replacement must be free in: the leave's, stretched over the affected walks that run past it
  // (a 11:45 walk of 30 minutes under a leave ending at 12:00 needs its replacement until 12:15).
  const win = o.window ?? stretched(leaveWindow(leave), walks);
  const walkIds = walks.map((x) => x.id);
  const zones = [...new Set(walks.map((x) => x.zone_id).filter((z): z is number => z != null))];
  const pets = [
    ...new Set(walks.flatMap((x) => [x.user_pet_id, x.user_pet_2_id]).filter((p): p is number => p != null)),
  ];
  const owners = [...new Set(walks.map((x) => x.user_id).filter((u): u is number => u != null))];
  const company = leave.company_id;
  const inRaw = (c: string, ids: readonly number[]) => inIds(sql.raw(c), ids);
  const cancelled = WALK_STATUS.CANCELLED;
  const term = o.search?.trim();
  const after = parseRank(o.after);
  const rank = sql.raw(
    "(not s.same_zone, not s.walked_pets_before, s.walks_that_day, s.first_name, s.last_name, s.id)",
  );
  const rows = rowsOf<Omit<StaffMember, "cursor">>(
    await db.execute(sql`
      with cand as (
        select ${users.id} as id, ${users.first_name} as first_name, ${users.middle_name} as middle_name,
          ${users.last_name} as last_name, ${users.employee_code} as employee_code, ${users.phone} as phone,
          ${users.image_path} as image_path
        from ${users}
        where ${walkersWhere(company, leave.franchisee_id ?? -1, o.ids)} and ${users.id} <> ${leave.user_id}
          ${term ? sql`and concat_ws(' ', ${users.first_name}, ${users.middle_name}, ${users.last_name}, ${users.employee_code}, ${users.phone}) ilike ${`%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``}),
      -- The candidates' walks of the day, each candidate's by djp_walks_walker_idx (the company's whole day was
      -- 12,480 walks at 1M users, for the twenty-odd walkers of one franchisee).
      day_walks as (
        select dw.walker_id, dw.id, ${minutesSql(sql`dw.timeslot`)} as start, dw.duration_minutes
        from cand c join daily_job_plan_walks dw on dw.company_id = ${company} and dw.walker_id = c.id
        where dw.date = ${win.date} and dw.deleted_at is null and dw.status <> ${cancelled}),
      busy as (
        select distinct walker_id from day_walks
        where start < ${win.to} and start + duration_minutes > ${win.from} and not (${inRaw("id", walkIds)})),
      day_counts as (select walker_id, count(*)::int as n from day_walks group by walker_id),
      on_leave as (
        select distinct l.user_id from leave_requests l
        where l.company_id = ${company} and l.status = 1 and l.deleted_at is null and l.date = ${win.date}
          and (l.leave_type = 'full_day' or (${minutesSql(sql`l.start_time`)} < ${win.to}
            and ${minutesSql(sql`l.end_time`)} > ${win.from}))),
      pet_walkers as (
        select distinct pw.walker_id from daily_job_plans pp
        join daily_job_plan_walks pw on pw.daily_job_plan_id = pp.id
        where pp.company_id = ${company} and ${inRaw("pp.user_id", owners)} and pp.deleted_at is null
          and (${inRaw("pp.user_pet_id", pets)} or ${inRaw("pp.user_pet_2_id", pets)})
          and pw.deleted_at is null and pw.status <> ${cancelled} and pw.date < ${win.date}),
      s as (
        select c.*,
          -- A probe per candidate through umjr_walker_end_idx (the walker's requests running on or after the date):
          -- a set of the company's requests of the day read 33% of the table at 1M users.
          exists (select 1 from user_monthly_job_requests zm
            where zm.walker_id = c.id and zm.deleted_at is null and zm.end_date >= ${win.date}
              and zm.start_date <= ${win.date} and zm.company_id = ${company} and ${inRaw("zm.zone_id", zones)}
            ) as same_zone,
          (pw.walker_id is not null) as walked_pets_before,
          coalesce(dc.n, 0) as walks_that_day
        from cand c
        left join pet_walkers pw on pw.walker_id = c.id
        left join day_counts dc on dc.walker_id = c.id
        where not exists (select 1 from busy b where b.walker_id = c.id)
          and not exists (select 1 from on_leave ol where ol.user_id = c.id))
      select * from s
      ${after ? sql`where ${rank} > (${!after[0]}, ${!after[1]}, ${after[2]}::int, ${after[3]}::text, ${after[4]}::text, ${after[5]}::int)` : sql``}
      order by ${rank}
      ${o.limit ? sql`limit ${o.limit}` : sql``}`),
  );
  const yes = (v: unknown) => v === true || v === "t";
  return rows.map((r) => {
    const [id, zone, pets, n] = [
      Number(r.id),
      yes(r.same_zone),
      yes(r.walked_pets_before),
      Number(r.walks_that_day),
    ];
    const cursor = rankCursor([zone, pets, n, r.first_name, r.last_name, id]);
    return { ...r, id, same_zone: zone, walked_pets_before: pets, walks_that_day: n, cursor };
  });
}

/** A window stretched to cover these walks of its date. */
function stretched(win: Window, walks: readonly AffectedWalk[]): Window {
  let { from, to } = win;
  for (const x of walks) {
    if (x.date !== win.date) continue;
    from = Math.min(from, minutesOf(x.timeslot));
    to = Math.max(to, minutesOf(x.timeslot) + x.duration_minutes);
  }
  return { date: win.date, from, to };
}

/** The window of one walk: [timeslot, timeslot + duration). */
export const walkWindow = (x: { date: string; timeslot: string; duration_minutes: number }): Window => ({
  date: x.date,
  from: minutesOf(x.timeslot),
  to: minutesOf(x.timeslot) + x.duration_minutes,
});

/**
 * A leave's walks as the list's Walks sub-table and the record show them (spec 002 §3 Leave walk), one JSON array
 * in SQL (a correlated subquery of the leave row `lr`): approved, its leave_request_walks (who had each walk, who
 * has it now); pending, the walker's live walks overlapping the window (what an approval would affect); rejected,
 * none.
 */
export function leaveWalksJson(lr: typeof leaveRequests): SQL<LeaveWalk[]> {
  const obj = (covered: SQL, original: SQL, replacement: SQL) => sql`json_build_object(
    'id', dw.id, 'walk_id', dw.id, 'date', to_char(dw.date, 'YYYY-MM-DD'), 'timeslot', to_char(dw.timeslot, 'HH24:MI'),
    'duration_minutes', dw.duration_minutes, 'status', dw.status,
    'pet_owner', nullif(trim(concat_ws(' ', po.first_name, po.last_name)), ''),
    'pet_name', nullif(concat_ws(', ', p1.name, p2.name), ''),
    'walker_id', dw.walker_id, 'walker_name', nullif(trim(concat_ws(' ', cw.first_name, cw.last_name)), ''),
    'original_walker_id', ${original}, 'replacement_user_id', ${replacement}, 'covered', ${covered},
    'daily_job_plan', json_build_object('id', dp.id, 'date', to_char(dp.date, 'YYYY-MM-DD'),
      'user', json_build_object('first_name', po.first_name, 'last_name', po.last_name),
      'user_pet', json_build_object('name', p1.name)))`;
  const joins = sql`join daily_job_plans dp on dp.id = dw.daily_job_plan_id
    left join users po on po.id = dp.user_id
    left join user_pets p1 on p1.id = dp.user_pet_id
    left join user_pets p2 on p2.id = dp.user_pet_2_id
    left join users cw on cw.id = dw.walker_id`;
  const approved = sql`(select coalesce(json_agg(${obj(sql`lw.replacement_user_id is not null`, sql`lw.original_walker_id`, sql`lw.replacement_user_id`)} order by dw.date, dw.timeslot, dw.id), '[]'::json)
    from leave_request_walks lw
    -- Driven from the leave's own rows, each walk by its key (offset 0 keeps the planner from turning this into a
    -- join it may plan on stale statistics as one over every walk: 1.3-2.1 s after three approvals).
    cross join lateral (select * from daily_job_plan_walks x where x.id = lw.walk_id offset 0) dw ${joins}
    where lw.leave_request_id = ${lr.id})`;
  const pending = sql`(select coalesce(json_agg(${obj(sql`false`, sql`dw.walker_id`, sql`null::int`)} order by dw.date, dw.timeslot, dw.id), '[]'::json)
    from daily_job_plan_walks dw ${joins}
    where dw.company_id = ${lr.company_id} and dw.walker_id = ${lr.user_id} and dw.date = ${lr.date}
      and dw.deleted_at is null and dw.status <> ${WALK_STATUS.CANCELLED}
      and (${lr.leave_type} = 'full_day' or (${minutesSql(sql`dw.timeslot`)} < ${minutesSql(lr.end_time)}
        and ${minutesSql(sql`dw.timeslot`)} + dw.duration_minutes > ${minutesSql(lr.start_time)})))`;
  return sql<
    LeaveWalk[]
  >`case when ${lr.status} = 1 then ${approved} when ${lr.status} = 0 then ${pending} else '[]'::json end`;
}

/** One walk of a leave (spec 002 §3 Leave walk, with who had it and who has it now): the record's and /api's shape. */
export const leaveWalkSchema = z.object({
  id: z.number(),
  walk_id: z.number(),
  date: z.string(),
  timeslot: z.string(),
  duration_minutes: z.number(),
  status: z.number(),
  pet_owner: z.string().nullable(),
  pet_name: z.string().nullable(),
  walker_id: z.number().nullable(),
  walker_name: z.string().nullable(),
  original_walker_id: z.number().nullable(),
  replacement_user_id: z.number().nullable(),
  covered: z.boolean(),
  daily_job_plan: z.object({
    id: z.number(),
    date: z.string(),
    user: z.object({ first_name: z.string().nullable(), last_name: z.string().nullable() }),
    user_pet: z.object({ name: z.string().nullable() }),
  }),
});
export type LeaveWalk = z.infer<typeof leaveWalkSchema>;
