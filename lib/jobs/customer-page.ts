import "server-only";
import { and, asc, desc, eq, gte, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import {
  customerWalkRequests,
  dailyJobPlans,
  dailyJobPlanWalks,
  franchisees,
  notifications,
  plans,
  states,
  userAddresses,
  userMonthlyJobRequests,
  userPets,
  users,
  valueLists,
} from "@/db/schema";
import { planName } from "@/lib/franchise/plans";
import { authorize, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { zoneFilter } from "@/lib/platform/entity";
import { forbidden, notFound } from "@/lib/platform/errors";
import { fileUrl } from "@/lib/platform/file-access";
import { ROLE } from "@/lib/platform/permissions";
import {
  APPROVAL_LABELS,
  fullNameOf,
  hhmm,
  indiaNow,
  userNameOf,
  WALK_STATUS,
  WALK_STATUS_LABELS,
} from "./common";
import { customerInReach } from "./customer-data";
import { policyOf, quotaInfo, type RescheduleInfo } from "./walk-policy";
import { reportCardOf, type ReportCard } from "./walks";

// The back office's customer page (issue 22): one customer whole, for an ADMIN (the company's customers), a
// FRANCHISEE ADMIN (customers with a request of their franchisee) and a MASTER FRANCHISEE (customers with a request
// in their zones); anyone else, and any customer outside that reach, 404. Each section is one bounded query: the
// latest SECTION_ROWS rows, with `more` telling the page to link to the filtered list.

/** Rows a section shows; one more is read to know whether there are more. */
export const SECTION_ROWS = 10;

const walker = alias(users, "cp_walker");
const pet1 = alias(userPets, "cp_pet");
const pet2 = alias(userPets, "cp_pet_2");
const tier = alias(valueLists, "cp_tier");

/**
 * Rows of a franchisee column within the caller's reach: a franchisee member's own franchisee, a MASTER FRANCHISEE's
 * zones' franchisees; the company's admins every one (undefined).
 */
function franchiseeReach(ctx: Ctx, col: AnyPgColumn): SQL | undefined {
  if (ctx.zoneIds != null)
    return sql`exists (select 1 from ${franchisees} where ${franchisees.id} = ${col} and ${zoneFilter(ctx, franchisees.zone_id)})`;
  if (ctx.franchiseeId != null) return eq(col, ctx.franchiseeId);
  return undefined;
}

/** A MASTER FRANCHISEE's requests are those of their zones (as the monthly requests' list); others' by franchisee. */
function requestReach(ctx: Ctx): SQL | undefined {
  const r = userMonthlyJobRequests;
  if (ctx.zoneIds != null) return zoneFilter(ctx, r.zone_id);
  if (ctx.franchiseeId != null) return eq(r.franchisee_id, ctx.franchiseeId);
  return undefined;
}

const bounded = <T>(rows: T[]) => ({ rows: rows.slice(0, SECTION_ROWS), more: rows.length > SECTION_ROWS });

const iso = (d: Date | string | null | undefined) =>
  d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();

/** A completed walk's report card, as the customer's app shows it (lib/jobs/walks.ts; null before completion). */
export type WalkReport = ReportCard;

/** Everything the customer page shows. */
export type CustomerPage = Awaited<ReturnType<typeof loadCustomerPage>>;

/**
 * The customer page's data. The caller needs user_pets.view and must be back office (role USER: 403); the customer
 * must be one they reach (customerInReach), else 404 like a missing one. Walks, requests and walk requests are those
 * of the caller's franchisee or zones (an admin: all of the customer's).
 */
export async function loadCustomerPage(ctx: Ctx, customerId: number) {
  authorize(ctx, "user_pets.view");
  if (ctx.roleName === ROLE.USER) throw forbidden();
  const companyId = requireCompany(ctx);
  const db = await getDb();
  if (!(await customerInReach(db, ctx, customerId))) throw notFound();
  const today = indiaNow().date;
  const w = dailyJobPlanWalks;
  const p = dailyJobPlans;
  const r = userMonthlyJobRequests;
  const cwr = customerWalkRequests;

  const walkSelect = {
    id: w.id,
    daily_job_plan_id: w.daily_job_plan_id,
    request_id: p.user_monthly_job_request_id,
    date: w.date,
    walk_no: w.walk_no,
    timeslot: w.timeslot,
    duration_minutes: w.duration_minutes,
    status: w.status,
    walker_name: sql<string | null>`case when ${walker.id} is null then null else ${userNameOf(walker)} end`,
    pets: sql<string | null>`nullif(concat_ws(', ', ${pet1.name}, ${pet2.name}), '')`,
    started_at: w.started_at,
    completed_at: w.completed_at,
    actual_duration_minutes: w.actual_duration_minutes,
    distance_covered: w.distance_covered,
    calories_burnt: w.calories_burnt,
    walker_note: w.walker_note,
    photo_paths: w.photo_paths,
    start_selfie_path: w.start_selfie_path,
    end_selfie_path: w.end_selfie_path,
    rating: w.rating,
    feedback: w.feedback,
    rated_at: w.rated_at,
  };
  const walksOf = (when: SQL, order: SQL[]) =>
    db
      .select(walkSelect)
      .from(w)
      .innerJoin(p, eq(p.id, w.daily_job_plan_id))
      .leftJoin(walker, eq(walker.id, w.walker_id))
      .leftJoin(pet1, eq(pet1.id, p.user_pet_id))
      .leftJoin(pet2, eq(pet2.id, p.user_pet_2_id))
      .where(
        and(
          eq(w.company_id, companyId),
          eq(p.user_id, customerId),
          isNull(w.deleted_at),
          isNull(p.deleted_at),
          franchiseeReach(ctx, w.franchisee_id),
          when,
        ),
      )
      .orderBy(...order)
      .limit(SECTION_ROWS + 1);

  const [profile] = await db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      user_name: users.user_name,
      name: fullNameOf(users),
      email: users.email,
      phone: users.phone,
      image_path: users.image_path,
      is_active: users.is_active,
      created_at: users.created_at,
    })
    .from(users)
    .where(eq(users.id, customerId));

  const [pets, addresses, requests, upcoming, past, walkRequests, sent, policy] = await Promise.all([
    db
      .select({
        id: userPets.id,
        // The record's version: the page's edit dialog sends it, so a save over a change made since is refused.
        updated_at: userPets.updated_at,
        name: userPets.name,
        breed_id: userPets.breed_id,
        breed: valueLists.description,
        weight: userPets.weight,
        age: userPets.age,
        date_of_birth: userPets.date_of_birth,
        gender: userPets.gender,
        temperament: userPets.temperament,
        medical_notes: userPets.medical_notes,
        vet_phone: userPets.vet_phone,
        photo_path: userPets.photo_path,
      })
      .from(userPets)
      .leftJoin(valueLists, eq(valueLists.id, userPets.breed_id))
      .where(
        and(
          eq(userPets.user_id, customerId),
          eq(userPets.company_id, companyId),
          isNull(userPets.deleted_at),
        ),
      )
      .orderBy(asc(userPets.name), asc(userPets.id))
      .limit(SECTION_ROWS + 1),
    db
      .select({
        id: userAddresses.id,
        updated_at: userAddresses.updated_at,
        address: userAddresses.address,
        latitude: userAddresses.latitude,
        longitude: userAddresses.longitude,
        state_id: userAddresses.state_id,
        state: states.description,
        pin_code: userAddresses.pin_code,
        is_default: userAddresses.is_default,
      })
      .from(userAddresses)
      .leftJoin(states, eq(states.id, userAddresses.state_id))
      .where(
        and(
          eq(userAddresses.user_id, customerId),
          eq(userAddresses.company_id, companyId),
          isNull(userAddresses.deleted_at),
        ),
      )
      .orderBy(desc(userAddresses.is_default), asc(userAddresses.id))
      .limit(SECTION_ROWS + 1),
    db
      .select({
        id: r.id,
        month: r.month,
        year: r.year,
        start_date: r.start_date,
        end_date: r.end_date,
        status: r.status,
        franchisee_approval_status: r.franchisee_approval_status,
        franchisee_name: franchisees.name,
        plan_name: sql<
          string | null
        >`case when ${plans.id} is null then null else ${planName(tier.description)} end`,
        walker_name: sql<
          string | null
        >`case when ${walker.id} is null then null else ${userNameOf(walker)} end`,
        timeslot: r.timeslot,
        timeslot_2: r.timeslot_2,
        // Reschedules counted against the quota: pending or approved ones of this request's walks.
        reschedules_used: sql<number>`(select count(*)::int from ${cwr}
          join ${w} on ${w.id} = ${cwr.walk_id} join ${p} on ${p.id} = ${w.daily_job_plan_id}
          where ${p.user_monthly_job_request_id} = ${r.id} and ${cwr.deleted_at} is null
          and ${cwr.request_type} = 'reschedule' and ${cwr.status} in ('pending', 'approved'))`,
      })
      .from(r)
      .leftJoin(franchisees, eq(franchisees.id, r.franchisee_id))
      .leftJoin(plans, eq(plans.id, r.plan_id))
      .leftJoin(tier, eq(tier.id, plans.tier_id))
      .leftJoin(walker, eq(walker.id, r.walker_id))
      .where(
        and(eq(r.company_id, companyId), eq(r.user_id, customerId), isNull(r.deleted_at), requestReach(ctx)),
      )
      .orderBy(desc(r.start_date), desc(r.id))
      .limit(SECTION_ROWS + 1),
    // Upcoming: today on, not yet completed or cancelled, soonest first.
    walksOf(
      and(gte(w.date, today), sql`${w.status} not in (${WALK_STATUS.COMPLETED}, ${WALK_STATUS.CANCELLED})`)!,
      [asc(w.date), asc(w.timeslot), asc(w.id)],
    ),
    // Past: before today, or completed (today's finished walk shows with its report), latest first.
    walksOf(
      or(lt(w.date, today), eq(w.status, WALK_STATUS.COMPLETED), eq(w.status, WALK_STATUS.CANCELLED))!,
      [desc(w.date), desc(w.timeslot), desc(w.id)],
    ),
    db
      .select({
        id: cwr.id,
        walk_id: cwr.walk_id,
        request_type: cwr.request_type,
        status: cwr.status,
        original_date: cwr.original_date,
        original_timeslot: cwr.original_timeslot,
        new_date: cwr.new_date,
        new_timeslot: cwr.new_timeslot,
        reason: cwr.reason,
        refund_eligibility: cwr.refund_eligibility,
        refund_amount: cwr.refund_amount,
        requested_at: cwr.requested_at,
        admin_remarks: cwr.admin_remarks,
      })
      .from(cwr)
      .where(
        and(
          eq(cwr.company_id, companyId),
          eq(cwr.user_id, customerId),
          isNull(cwr.deleted_at),
          franchiseeReach(ctx, cwr.franchisee_id),
        ),
      )
      .orderBy(desc(cwr.requested_at), desc(cwr.id))
      .limit(SECTION_ROWS + 1),
    db
      .select({
        id: notifications.id,
        title: notifications.title,
        body: notifications.body,
        read_at: notifications.read_at,
        created_at: notifications.created_at,
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.user_id, customerId),
          or(eq(notifications.company_id, companyId), isNull(notifications.company_id)),
        ),
      )
      .orderBy(desc(notifications.created_at), desc(notifications.id))
      .limit(SECTION_ROWS + 1),
    policyOf(db, companyId),
  ]);

  const walk = (x: (typeof upcoming)[number]) => ({
    id: x.id,
    daily_job_plan_id: x.daily_job_plan_id,
    request_id: x.request_id,
    date: x.date,
    walk_no: x.walk_no,
    timeslot: hhmm(x.timeslot),
    duration_minutes: x.duration_minutes,
    status: x.status,
    status_label: WALK_STATUS_LABELS[x.status] ?? String(x.status),
    walker_name: x.walker_name,
    pets: x.pets,
    report: reportCardOf({ ...x, rated_at: x.rated_at }),
  });

  const { image_path, ...person } = profile;
  return {
    customer: { ...person, photo_url: fileUrl(image_path) },
    pets: bounded(pets.map(({ photo_path, ...x }) => ({ ...x, photo_url: fileUrl(photo_path) }))),
    addresses: bounded(addresses),
    monthly_requests: bounded(
      requests.map((x) => ({
        ...x,
        status_label: APPROVAL_LABELS[x.status] ?? String(x.status),
        franchisee_approval_label: APPROVAL_LABELS[x.franchisee_approval_status] ?? "",
        timeslot: hhmm(x.timeslot),
        timeslot_2: hhmm(x.timeslot_2),
        quota: quotaInfo(x.reschedules_used, policy.reschedule_quota) as RescheduleInfo,
      })),
    ),
    upcoming_walks: bounded(upcoming.map(walk)),
    past_walks: bounded(past.map(walk)),
    walk_requests: bounded(
      walkRequests.map((x) => ({
        ...x,
        original_timeslot: hhmm(x.original_timeslot),
        new_timeslot: hhmm(x.new_timeslot),
        requested_at: iso(x.requested_at),
      })),
    ),
    reschedule_quota: policy.reschedule_quota,
    notifications: bounded(
      sent.map((x) => ({ ...x, read_at: iso(x.read_at), created_at: iso(x.created_at) })),
    ),
  };
}
