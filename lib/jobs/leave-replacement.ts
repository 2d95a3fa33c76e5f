import "server-only";
import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  dailyJobPlans,
  dailyJobPlanWalks,
  leaveRequests,
  leaveRequestWalks,
  userMonthlyJobRequests,
  users,
} from "@/db/schema";
import type { Executor } from "@/lib/platform/db";
import { minutesOf, NOT_STARTED, WALK_STATUS, walkersWhere } from "./common";

// A leave's walks and who may take them over (spec 002 §2 Staff replacement modal, §4, §5; issue 11): the window a
// leave covers, the walks it affects, and the available staff, ranked. Plain database functions: the caller checks
// permission and scope (lib/jobs/leave-requests.ts).

/** What these functions read of a leave request. */
export type LeaveRow = Pick<
  typeof leaveRequests.$inferSelect,
  | "id"
  | "company_id"
  | "franchisee_id"
  | "user_id"
  | "date"
  | "leave_type"
  | "start_time"
  | "end_time"
  | "status"
>;

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
const inIds = (c: AnyPgColumn | SQL, ids: readonly number[]) =>
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
            inArray(
              w.id,
              db
                .select({ id: leaveRequestWalks.walk_id })
                .from(leaveRequestWalks)
                .where(eq(leaveRequestWalks.leave_request_id, leave.id)),
            ),
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

/** A staff member as the replacement modal lists them (spec 002 §3 Staff member), with why they rank where they do. */
export type StaffMember = {
  id: number;
  first_name: string;
  middle_name: string | null;
  last_name: string;
  employee_code: string | null;
  phone: string | null;
  image_path: string | null;
  same_zone: boolean;
  walked_pets_before: boolean;
  walks_that_day: number;
};

/**
 * The staff who may take over `walks` (the affected walks), one statement: the franchisee's active walkers
 * (walkersWhere) other than the leave's walker, with no live walk overlapping the window (`window`, else the leave's
 * stretched over the affected walks; other than `walks`
 * themselves, which a reassignment moves between replacements) and no approved leave overlapping it. Ranked:
 * same zone first (they walk, that day, a monthly request of a zone of the affected walks' requests), then those
 * who walked one of these pets before the date, then the fewest walks that day, then by name. `ids` narrows to
 * those users (the check of a chosen replacement, inside the approval's transaction).
 */
export async function availableStaff(
  db: Executor,
  leave: LeaveRow,
  o: { window?: Window; walks?: readonly AffectedWalk[]; ids?: number[] } = {},
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
  const company = leave.company_id;
  // Raw aliases: drizzle writes a selected expression's columns unqualified, which the subqueries' tables would
  // capture; "users"."id" is the outer row.
  const me = sql.raw(`"users"."id"`);
  const inRaw = (c: string, ids: readonly number[]) => inIds(sql.raw(c), ids);
  const sameZone = sql<boolean>`exists (select 1 from user_monthly_job_requests zm where zm.company_id = ${company} and zm.walker_id = ${me} and zm.deleted_at is null and zm.start_date <= ${win.date} and zm.end_date >= ${win.date} and ${inRaw("zm.zone_id", zones)})`;
  const walkedPets = sql<boolean>`exists (select 1 from daily_job_plan_walks pw inner join daily_job_plans pp on pp.id = pw.daily_job_plan_id where pw.company_id = ${company} and pw.walker_id = ${me} and pw.deleted_at is null and pw.status <> ${WALK_STATUS.CANCELLED} and pw.date < ${win.date} and (${inRaw("pp.user_pet_id", pets)} or ${inRaw("pp.user_pet_2_id", pets)}))`;
  const walksThatDay = sql<number>`(select count(*)::int from daily_job_plan_walks dw where dw.company_id = ${company} and dw.walker_id = ${me} and dw.date = ${win.date} and dw.deleted_at is null and dw.status <> ${WALK_STATUS.CANCELLED})`;
  const busy = sql`exists (select 1 from ${w} where ${w.company_id} = ${company} and ${w.walker_id} = ${users.id} and ${liveWalk} and ${walkOverlaps(win)}${walkIds.length ? sql` and not (${inIds(w.id, walkIds)})` : sql``})`;
  const l = leaveRequests;
  const onLeave = sql`exists (select 1 from ${l} where ${l.company_id} = ${company} and ${l.user_id} = ${users.id} and ${l.status} = 1 and ${l.deleted_at} is null and ${l.date} = ${win.date} and (${l.leave_type} = 'full_day' or (${minutesSql(l.start_time)} < ${win.to} and ${minutesSql(l.end_time)} > ${win.from})))`;
  const rows = await db
    .select({
      id: users.id,
      first_name: users.first_name,
      middle_name: users.middle_name,
      last_name: users.last_name,
      employee_code: users.employee_code,
      phone: users.phone,
      image_path: users.image_path,
      same_zone: sameZone,
      walked_pets_before: walkedPets,
      walks_that_day: walksThatDay,
    })
    .from(users)
    .where(
      and(
        walkersWhere(company, leave.franchisee_id ?? -1, o.ids),
        ne(users.id, leave.user_id),
        sql`not ${busy}`,
        sql`not ${onLeave}`,
      ),
    )
    .orderBy(
      desc(sameZone),
      desc(walkedPets),
      asc(walksThatDay),
      asc(users.first_name),
      asc(users.last_name),
      asc(users.id),
    );
  return rows.map((r) => ({
    ...r,
    same_zone: r.same_zone === true || (r.same_zone as unknown) === "t",
    walked_pets_before: r.walked_pets_before === true || (r.walked_pets_before as unknown) === "t",
    walks_that_day: Number(r.walks_that_day),
  }));
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
  const joins = sql`inner join daily_job_plans dp on dp.id = dw.daily_job_plan_id
    left join users po on po.id = dp.user_id
    left join user_pets p1 on p1.id = dp.user_pet_id
    left join user_pets p2 on p2.id = dp.user_pet_2_id
    left join users cw on cw.id = dw.walker_id`;
  const approved = sql`(select coalesce(json_agg(${obj(sql`lw.replacement_user_id is not null`, sql`lw.original_walker_id`, sql`lw.replacement_user_id`)} order by dw.date, dw.timeslot, dw.id), '[]'::json)
    from leave_request_walks lw inner join daily_job_plan_walks dw on dw.id = lw.walk_id ${joins}
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

/** One walk of a leave (spec 002 §3 Leave walk, with who had it and who has it now). */
export type LeaveWalk = {
  id: number;
  walk_id: number;
  date: string;
  timeslot: string;
  duration_minutes: number;
  status: number;
  pet_owner: string | null;
  pet_name: string | null;
  walker_id: number | null;
  walker_name: string | null;
  original_walker_id: number | null;
  replacement_user_id: number | null;
  covered: boolean;
  daily_job_plan: {
    id: number;
    date: string;
    user: { first_name: string | null; last_name: string | null };
    user_pet: { name: string | null };
  };
};
