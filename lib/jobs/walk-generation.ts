import "server-only";
import { sql } from "drizzle-orm";
import { rowsOf, type Executor } from "@/lib/platform/db";
import { indiaNow, NOT_STARTED } from "./common";

// From an approved monthly request to its daily job plans and walks (issue 11), and a walker change moving them.

type RequestRow = {
  id: number;
  company_id: number;
  user_id: number;
  franchisee_id: number | null;
  walker_id: number | null;
  start_date: string;
  end_date: string;
  timeslot: string | null;
  timeslot_2: string | null;
  status: number;
  franchisee_approval_status: number;
  deleted_at: string | null;
  no_of_walks: number | null;
  per_walk_time: number | null;
  state_id: number | null;
  pet_1: number | null;
  pet_2: number | null;
};

/** Whether a request's walks are due: franchisee-approved with a walker and a timeslot, not rejected, live. */
export function walksDue(r: {
  franchisee_approval_status: number;
  status: number;
  walker_id: number | null;
  timeslot: string | null;
  deleted_at?: unknown;
}): boolean {
  return (
    r.franchisee_approval_status === 1 &&
    r.status !== 2 &&
    r.walker_id != null &&
    r.timeslot != null &&
    r.deleted_at == null
  );
}

/**
 * Generates the daily job plans and walks of an approved monthly request, in the caller's transaction: one plan per
 * date from the start date (or today in India, when later: no walks are made in the past) to the end date, with the
 * request's walker and its first two pets; the plan's walks per day (no_of_walks; 1 when no plan) at timeslot and
 * timeslot_2, each lasting the plan's per_walk_time (30 minutes when unset). A state holiday of the customer's
 * address (that date, or a recurring one on that day and month) is marked on its plan; its walks are kept, for the
 * manager to decide. Idempotent: a date that already has a live plan of the request is skipped (a partial unique
 * index backs it, for two runs racing), so running twice creates nothing; a plan soft-deleted by hand frees its date
 * for the next run. Returns what it created.
 */
export async function generateWalks(
  tx: Executor,
  requestId: number,
  now: Date = new Date(),
): Promise<{ plans: number; walks: number }> {
  const res = await tx.execute(sql`
    select r.id, r.company_id, r.user_id, r.franchisee_id, r.walker_id, r.start_date::text, r.end_date::text,
      r.timeslot::text, r.timeslot_2::text, r.status, r.franchisee_approval_status, r.deleted_at,
      p.no_of_walks, p.per_walk_time, a.state_id,
      (select rp.user_pet_id from user_monthly_job_request_pets rp
        where rp.user_monthly_job_request_id = r.id order by rp.id limit 1) as pet_1,
      (select rp.user_pet_id from user_monthly_job_request_pets rp
        where rp.user_monthly_job_request_id = r.id order by rp.id offset 1 limit 1) as pet_2
    from user_monthly_job_requests r
    left join plans p on p.id = r.plan_id
    left join user_addresses a on a.id = r.user_address_id
    where r.id = ${requestId}`);
  const r = rowsOf<RequestRow>(res)[0];
  if (!r || !walksDue(r)) return { plans: 0, walks: 0 };

  const today = indiaNow(now).date;
  const from = r.start_date > today ? r.start_date : today;
  if (from > r.end_date) return { plans: 0, walks: 0 };
  const walksPerDay = r.no_of_walks === 2 && r.timeslot_2 ? 2 : 1;
  const duration = r.per_walk_time && r.per_walk_time > 0 ? Math.min(r.per_walk_time, 600) : 30;

  const out = await tx.execute(sql`
    with days as (
      select d::date as date from generate_series(${from}::date, ${r.end_date}::date, interval '1 day') d
    ), new_plans as (
      insert into daily_job_plans (company_id, user_monthly_job_request_id, user_id, franchisee_id, walker_id,
        user_pet_id, user_pet_2_id, date, holiday_id, holiday_name)
      select ${r.company_id}, ${r.id}, ${r.user_id}, ${r.franchisee_id}, ${r.walker_id}, ${r.pet_1}, ${r.pet_2},
        days.date, h.id, h.description
      from days
      left join lateral (
        select h.id, coalesce(h.description, 'Holiday') as description from state_holidays h
        where ${r.state_id}::int is not null and h.company_id = ${r.company_id} and h.state = ${r.state_id}::int
          and h.deleted_at is null and h.is_active = 1
          and (h.holiday_date = days.date or (h.is_recurring = 1
            and extract(month from h.holiday_date) = extract(month from days.date)
            and extract(day from h.holiday_date) = extract(day from days.date)))
        order by h.holiday_date = days.date desc, h.id limit 1) h on true
      where not exists (select 1 from daily_job_plans x
        where x.user_monthly_job_request_id = ${r.id} and x.date = days.date and x.deleted_at is null)
      on conflict (user_monthly_job_request_id, date) where deleted_at is null do nothing
      returning id, date, walker_id, franchisee_id
    ), new_walks as (
      insert into daily_job_plan_walks (company_id, daily_job_plan_id, franchisee_id, walker_id, date, walk_no,
        timeslot, duration_minutes)
      select ${r.company_id}, np.id, np.franchisee_id, np.walker_id, np.date, s.walk_no, s.timeslot, ${duration}
      from new_plans np
      cross join (values (1, ${r.timeslot}::time), (2, ${r.timeslot_2}::time)) as s(walk_no, timeslot)
      where s.walk_no <= ${walksPerDay}
      returning id
    )
    select (select count(*) from new_plans)::int as plans, (select count(*) from new_walks)::int as walks`);
  const counts = rowsOf<{ plans: number; walks: number }>(out)[0];
  await tx.execute(sql`update user_monthly_job_requests set walks_generated_at = now() where id = ${r.id}`);
  return { plans: Number(counts.plans), walks: Number(counts.walks) };
}

/**
 * A request's walker changed: its walks not yet begun and still ahead (after now in India) move to the new walker,
 * with the plans of today and later. Walks already started, completed or cancelled, and past ones, keep who walked
 * them. Returns the moved walks' ids (the caller tells the new walker).
 */
export async function moveFutureWalks(
  tx: Executor,
  requestId: number,
  walkerId: number,
  now: Date = new Date(),
): Promise<{ walkIds: number[] }> {
  const { date, time } = indiaNow(now);
  const moved = rowsOf<{ id: number }>(
    await tx.execute(sql`
      update daily_job_plan_walks w set walker_id = ${walkerId}, updated_at = now()
      from daily_job_plans p
      where w.daily_job_plan_id = p.id and p.user_monthly_job_request_id = ${requestId}
        and p.deleted_at is null and w.deleted_at is null
        and w.status in (${sql.join(
          NOT_STARTED.map((s) => sql`${s}::int`),
          sql`, `,
        )})
        and (w.date > ${date}::date or (w.date = ${date}::date and w.timeslot > ${time}::time))
        and w.walker_id is distinct from ${walkerId}
      returning w.id`),
  );
  await tx.execute(sql`
    update daily_job_plans set walker_id = ${walkerId}, updated_at = now()
    where user_monthly_job_request_id = ${requestId} and deleted_at is null and date >= ${date}::date
      and walker_id is distinct from ${walkerId}`);
  return { walkIds: moved.map((m) => Number(m.id)) };
}
