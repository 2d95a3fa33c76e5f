import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  time,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
// Cycles (admin.ts, franchise.ts, operations.ts): harmless, every reference below is a lazy function.
import { companies, users } from "./admin";
import { searchIndex, searchTextOf, tenantColumns, type SearchCols } from "./columns";
import { franchisees, plans } from "./franchise";
import { stateHolidays, states, valueLists } from "./operations";

// Job operations (spec 002 §2-§9, issue 11): customers' pets and addresses, monthly job requests, the daily job
// plans and walks generated from them, walkers' leave with replacement, and customers' reschedule and cancel
// requests. Every table belongs to one company. Customers and walkers are users (role USER); a walker is staff of
// a franchisee (users.franchisee_id), a customer is not.

const live = (t: { deleted_at: AnyPgColumn }) => sql`${t.deleted_at} is null`;
/** Approval: 0 pending, 1 approved, 2 rejected. */
const approval = (name = "status") => smallint(name).notNull().default(0);
const approvalCheck = (name: string, c: AnyPgColumn) => check(name, sql`${c} in (0, 1, 2)`);
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "number" });
const userRef = (name: string) =>
  integer(name).references((): AnyPgColumn => users.id, { onDelete: "set null" });
const franchiseeRef = () =>
  integer("franchisee_id").references((): AnyPgColumn => franchisees.id, { onDelete: "set null" });

// What the lists' searches match (the trigram index and the list read the same expression; see searchTextOf).
export const addressSearchText = (t: SearchCols<"address">) => searchTextOf(t.address);
export const walkRequestSearchText = (t: SearchCols<"reason">) => searchTextOf(t.reason);
export const petSearchText = (t: SearchCols<"name">) => searchTextOf(t.name);

/**
 * A customer's pet. breed_id is a row of the company's "BREEDS" master value; weight in kg, age in years (or
 * date_of_birth, from which the age is derived); gender MALE or FEMALE; temperament, medical notes and the vet's phone
 * for the walker; photo_path a stored image (private: served to the owner, their walkers and the back office).
 */
export const userPets = pgTable(
  "user_pets",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
    name: varchar("name", { length: 100 }).notNull(),
    breed_id: integer("breed_id").references((): AnyPgColumn => valueLists.id, { onDelete: "set null" }),
    weight: numeric("weight", { precision: 5, scale: 2, mode: "number" }),
    age: smallint("age"),
    date_of_birth: date("date_of_birth"),
    gender: varchar("gender", { length: 10 }),
    temperament: varchar("temperament", { length: 500 }),
    medical_notes: varchar("medical_notes", { length: 1000 }),
    vet_phone: varchar("vet_phone", { length: 20 }),
    photo_path: varchar("photo_path", { length: 500 }),
    ...tenantColumns(),
  },
  (t) => [
    index("user_pets_user_idx").on(t.company_id, t.user_id, t.id).where(live(t)),
    // The pets list, by name (its default order) within the company.
    index("user_pets_list_idx").on(t.company_id, t.name, t.id).where(live(t)),
    // The walk requests' keyword search finds a request by its pet's name (lib/jobs/customer-walk-requests.ts).
    searchIndex("user_pets_search_idx", petSearchText(t)),
  ],
);

/**
 * A customer's address: where the walks start. state_id decides which state holidays mark its walks; latitude and
 * longitude choose the franchisee of a request made without one. is_default: the address the apps offer first (at
 * most one live default per customer).
 */
export const userAddresses = pgTable(
  "user_addresses",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
    address: varchar("address", { length: 500 }).notNull(),
    latitude: numeric("latitude", { precision: 10, scale: 7, mode: "number" }),
    longitude: numeric("longitude", { precision: 10, scale: 7, mode: "number" }),
    state_id: integer("state_id").references((): AnyPgColumn => states.id, { onDelete: "set null" }),
    pin_code: varchar("pin_code", { length: 10 }),
    is_default: boolean("is_default").notNull().default(false),
    ...tenantColumns(),
  },
  (t) => [
    index("user_addresses_user_idx").on(t.company_id, t.user_id, t.id).where(live(t)),
    // The addresses list, by address (its default order) within the company.
    index("user_addresses_list_idx").on(t.company_id, t.address, t.id).where(live(t)),
    // The monthly requests' keyword search finds a request by its address (lib/jobs/monthly-requests.ts).
    searchIndex("user_addresses_search_idx", addressSearchText(t)),
    uniqueIndex("user_addresses_default_uq")
      .on(t.user_id)
      .where(sql`${t.is_default} and ${t.deleted_at} is null`),
  ],
);

/**
 * A customer's request for a month of walks under a plan. The franchisee's admin approves it (franchisee approval,
 * with a walker and timeslots); an ADMIN then sets the status. Approval with a walker generates the daily job plans
 * and walks (lib/jobs/walk-generation.ts); walks_generated_at records the last generation.
 */
export const userMonthlyJobRequests = pgTable(
  "user_monthly_job_requests",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
    franchisee_id: franchiseeRef(),
    user_address_id: integer("user_address_id").references((): AnyPgColumn => userAddresses.id, {
      onDelete: "set null",
    }),
    plan_id: integer("plan_id").references((): AnyPgColumn => plans.id, { onDelete: "set null" }),
    month: smallint("month").notNull(),
    year: smallint("year").notNull(),
    start_date: date("start_date").notNull(),
    end_date: date("end_date").notNull(),
    zone_id: integer("zone_id").references((): AnyPgColumn => valueLists.id, { onDelete: "set null" }),
    walker_id: userRef("walker_id"),
    /** Start of the first (and second) walk of the day, HH:MM. */
    timeslot: time("timeslot"),
    timeslot_2: time("timeslot_2"),
    remark: varchar("remark", { length: 1000 }),
    status: approval(),
    franchisee_approval_status: approval("franchisee_approval_status"),
    walks_generated_at: timestamp("walks_generated_at", { withTimezone: true }),
    ...tenantColumns(),
  },
  (t) => [
    index("umjr_list_idx").on(t.company_id, t.id).where(live(t)),
    // The approvals inbox's pending requests (either stage) by company and age.
    index("umjr_pending_idx")
      .on(t.company_id, t.created_at, t.id)
      .where(sql`${t.deleted_at} is null and ${t.status} = 0`),
    index("umjr_franchisee_idx").on(t.company_id, t.franchisee_id, t.id).where(live(t)),
    index("umjr_zone_idx").on(t.company_id, t.zone_id, t.id).where(live(t)),
    index("umjr_user_idx").on(t.user_id),
    // A walker's live requests from a date on (the replacement staff's "same zone" probe, one per candidate: without
    // it, the company's requests of the day were read whole, 33% of the table at the benchmark's 1M users).
    index("umjr_walker_end_idx").on(t.walker_id, t.end_date).where(live(t)),
    // The keyword search's requests at the addresses it matched (lib/platform/list.ts searchThrough).
    index("umjr_address_idx").on(t.user_address_id),
    approvalCheck("umjr_status_ck", t.status),
    approvalCheck("umjr_franchisee_approval_ck", t.franchisee_approval_status),
    check("umjr_month_ck", sql`${t.month} between 1 and 12`),
    check("umjr_year_ck", sql`${t.year} between 2000 and 2100`),
    check("umjr_dates_ck", sql`${t.end_date} >= ${t.start_date}`),
  ],
);

/** The pets a monthly request covers (one or two, as the plan's dogs). */
export const userMonthlyJobRequestPets = pgTable(
  "user_monthly_job_request_pets",
  {
    id: serial("id").primaryKey(),
    user_monthly_job_request_id: integer("user_monthly_job_request_id")
      .notNull()
      .references(() => userMonthlyJobRequests.id, { onDelete: "cascade" }),
    user_pet_id: integer("user_pet_id")
      .notNull()
      .references(() => userPets.id, { onDelete: "cascade" }),
  },
  (t) => [uniqueIndex("umjr_pets_uq").on(t.user_monthly_job_request_id, t.user_pet_id)],
);

/**
 * One customer's day of walks: the walker, the pet(s) and the date. Generated from an approved monthly request
 * (one per request and date, live), or made by hand. status: 0 scheduled, 1 in progress, 2 completed, 3 cancelled.
 * holiday_name marks a state holiday of the customer's state on that day (the walks are kept; the manager decides).
 */
export const dailyJobPlans = pgTable(
  "daily_job_plans",
  {
    id: serial("id").primaryKey(),
    user_monthly_job_request_id: integer("user_monthly_job_request_id").references(
      (): AnyPgColumn => userMonthlyJobRequests.id,
      { onDelete: "cascade" },
    ),
    user_id: integer("user_id")
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
    franchisee_id: franchiseeRef(),
    walker_id: userRef("walker_id"),
    user_pet_id: integer("user_pet_id").references((): AnyPgColumn => userPets.id, { onDelete: "set null" }),
    user_pet_2_id: integer("user_pet_2_id").references((): AnyPgColumn => userPets.id, {
      onDelete: "set null",
    }),
    date: date("date").notNull(),
    status: smallint("status").notNull().default(0),
    holiday_id: integer("holiday_id").references((): AnyPgColumn => stateHolidays.id, {
      onDelete: "set null",
    }),
    holiday_name: varchar("holiday_name", { length: 500 }),
    ...tenantColumns(),
  },
  (t) => [
    index("daily_job_plans_list_idx").on(t.company_id, t.date, t.id).where(live(t)),
    index("daily_job_plans_franchisee_idx").on(t.company_id, t.franchisee_id, t.date, t.id).where(live(t)),
    // A customer's walks in the app, by date.
    index("daily_job_plans_user_idx").on(t.company_id, t.user_id, t.date).where(live(t)),
    // The list's search through its walker's and pets' search indexes (a rare name's plans, by these keys).
    index("daily_job_plans_walker_idx").on(t.company_id, t.walker_id, t.date).where(live(t)),
    index("daily_job_plans_pet_idx").on(t.company_id, t.user_pet_id).where(live(t)),
    index("daily_job_plans_pet2_idx")
      .on(t.company_id, t.user_pet_2_id)
      .where(sql`${t.deleted_at} is null and ${t.user_pet_2_id} is not null`),
    uniqueIndex("daily_job_plans_request_date_uq").on(t.user_monthly_job_request_id, t.date).where(live(t)),
    check("daily_job_plans_status_ck", sql`${t.status} between 0 and 3`),
  ],
);

/**
 * One walk of a daily plan. date, walker_id and franchisee_id are kept on the walk (the plan's date; the walker
 * may differ from the plan's after a leave) so a walker's day, a franchisee's calendar and a leave's overlap read
 * one index. status: 0 pending, 1 started, 2 completed, 3 reschedule pending, 4 reschedule approved,
 * 5 reschedule rejected, 6 cancelled. duration_minutes is the plan's per-walk time when generated.
 */
export const dailyJobPlanWalks = pgTable(
  "daily_job_plan_walks",
  {
    id: serial("id").primaryKey(),
    daily_job_plan_id: integer("daily_job_plan_id")
      .notNull()
      .references(() => dailyJobPlans.id, { onDelete: "cascade" }),
    franchisee_id: franchiseeRef(),
    walker_id: userRef("walker_id"),
    date: date("date").notNull(),
    walk_no: smallint("walk_no").notNull().default(1),
    timeslot: time("timeslot").notNull(),
    duration_minutes: smallint("duration_minutes").notNull().default(30),
    status: smallint("status").notNull().default(0),
    started_at: timestamp("started_at", { withTimezone: true }),
    completed_at: timestamp("completed_at", { withTimezone: true }),
    /** Stored files (private): the walker's selfies at the start and the end of the walk. */
    start_selfie_path: varchar("start_selfie_path", { length: 500 }),
    end_selfie_path: varchar("end_selfie_path", { length: 500 }),
    /** Kilometres and kilocalories, as the walker's app reports them. */
    distance_covered: numeric("distance_covered", { precision: 8, scale: 2, mode: "number" }),
    calories_burnt: numeric("calories_burnt", { precision: 8, scale: 2, mode: "number" }),
    rating: smallint("rating"),
    feedback: varchar("feedback", { length: 1000 }),
    rated_at: timestamp("rated_at", { withTimezone: true }),
    /** The report card: the walk's actual minutes as the walker reports them, the walker's note, 1-3 photos. */
    actual_duration_minutes: smallint("actual_duration_minutes"),
    walker_note: varchar("walker_note", { length: 1000 }),
    photo_paths: jsonb("photo_paths").$type<string[]>(),
    ...tenantColumns(),
  },
  (t) => [
    index("djp_walks_plan_idx").on(t.daily_job_plan_id, t.walk_no),
    index("djp_walks_walker_idx").on(t.company_id, t.walker_id, t.date, t.timeslot).where(live(t)),
    index("djp_walks_franchisee_idx").on(t.company_id, t.franchisee_id, t.date).where(live(t)),
    // An admin's company-wide calendar (no franchisee chosen) reads a month of the company's walks by date; with the
    // status and walker in the index, its summary by day (walks, completed, unassigned) never reads the rows.
    index("djp_walks_day_idx").on(t.company_id, t.date, t.status, t.walker_id).where(live(t)),
    check("djp_walks_status_ck", sql`${t.status} between 0 and 6`),
    check("djp_walks_rating_ck", sql`${t.rating} is null or ${t.rating} between 1 and 5`),
  ],
);

/**
 * Walks counted per company, franchisee, day, status and whether a walker is set (live walks only), kept by
 * statement-level triggers on daily_job_plan_walks in the writing transaction (migration 0027_walk_day_figures), so a
 * company's calendar month reads a few hundred rows instead of counting ~400k walks. `franchisee_id` 0 is the
 * company's whole figure; a row per franchisee beside it serves a franchisee's calendar. Read through
 * lib/jobs/walk-calendar.ts (walkDayCounts).
 */
export const walkDayFigures = pgTable(
  "walk_day_figures",
  {
    company_id: integer("company_id").notNull(),
    franchisee_id: integer("franchisee_id").notNull().default(0),
    date: date("date").notNull(),
    status: smallint("status").notNull(),
    assigned: boolean("assigned").notNull(),
    walks: integer("walks").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.company_id, t.franchisee_id, t.date, t.status, t.assigned] })],
);

/**
 * A walker's leave for one day: the whole day (full_day) or start_time to end_time (time_range). Approving it may
 * name a replacement: the affected walks move to them (leave_request_walks keeps who had each walk).
 */
export const leaveRequests = pgTable(
  "leave_requests",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
    franchisee_id: franchiseeRef(),
    date: date("date").notNull(),
    start_time: time("start_time"),
    end_time: time("end_time"),
    leave_type: varchar("leave_type", { length: 20 }).notNull().default("full_day"),
    reason: varchar("reason", { length: 2000 }),
    status: approval(),
    replacement_user_id: userRef("replacement_user_id"),
    admin_remarks: varchar("admin_remarks", { length: 1000 }),
    processed_by: integer("processed_by"),
    processed_at: timestamp("processed_at", { withTimezone: true }),
    ...tenantColumns(),
  },
  (t) => [
    index("leave_requests_list_idx").on(t.company_id, t.id).where(live(t)),
    index("leave_requests_franchisee_idx").on(t.company_id, t.franchisee_id, t.id).where(live(t)),
    index("leave_requests_pending_idx")
      .on(t.company_id, t.created_at, t.id)
      .where(sql`${t.deleted_at} is null and ${t.status} = 0`),
    index("leave_requests_user_date_idx").on(t.company_id, t.user_id, t.date).where(live(t)),
    approvalCheck("leave_requests_status_ck", t.status),
    check("leave_requests_type_ck", sql`${t.leave_type} in ('full_day', 'time_range')`),
    check(
      "leave_requests_times_ck",
      sql`${t.leave_type} = 'full_day' or (${t.start_time} is not null and ${t.end_time} > ${t.start_time})`,
    ),
  ],
);

/** The walks an approved leave affected: who had each one, and who has it now (null: uncovered). */
export const leaveRequestWalks = pgTable(
  "leave_request_walks",
  {
    id: serial("id").primaryKey(),
    leave_request_id: integer("leave_request_id")
      .notNull()
      .references(() => leaveRequests.id, { onDelete: "cascade" }),
    walk_id: integer("walk_id")
      .notNull()
      .references(() => dailyJobPlanWalks.id, { onDelete: "cascade" }),
    original_walker_id: userRef("original_walker_id"),
    replacement_user_id: userRef("replacement_user_id"),
  },
  (t) => [
    uniqueIndex("leave_request_walks_uq").on(t.leave_request_id, t.walk_id),
    index("leave_request_walks_walk_idx").on(t.walk_id),
  ],
);

/**
 * A customer's request to reschedule or cancel one walk. hours_before_walk, refund_eligibility and refund_amount
 * are computed when the request is made, from the company's walk policy (walk_request_policies).
 * status: pending, approved, rejected.
 */
export const customerWalkRequests = pgTable(
  "customer_walk_requests",
  {
    id: serial("id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references((): AnyPgColumn => users.id, { onDelete: "cascade" }),
    franchisee_id: franchiseeRef(),
    walk_id: integer("walk_id")
      .notNull()
      .references(() => dailyJobPlanWalks.id, { onDelete: "cascade" }),
    request_type: varchar("request_type", { length: 20 }).notNull(),
    status: varchar("status", { length: 20 }).notNull().default("pending"),
    /** The walk's date and timeslot when the request was made. */
    original_date: date("original_date").notNull(),
    original_timeslot: time("original_timeslot").notNull(),
    new_date: date("new_date"),
    new_timeslot: time("new_timeslot"),
    reason: varchar("reason", { length: 1000 }),
    hours_before_walk: integer("hours_before_walk").notNull().default(0),
    refund_eligibility: smallint("refund_eligibility").notNull().default(0),
    refund_percent: smallint("refund_percent").notNull().default(0),
    refund_amount: money("refund_amount").notNull().default(0),
    requested_at: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    admin_remarks: varchar("admin_remarks", { length: 1000 }),
    processed_by: integer("processed_by"),
    processed_at: timestamp("processed_at", { withTimezone: true }),
    ...tenantColumns(),
  },
  (t) => [
    index("cwr_list_idx").on(t.company_id, t.requested_at, t.id).where(live(t)),
    index("cwr_pending_idx")
      .on(t.company_id, t.requested_at, t.id)
      .where(sql`${t.deleted_at} is null and ${t.status} = 'pending'`),
    index("cwr_franchisee_idx").on(t.company_id, t.franchisee_id, t.requested_at, t.id).where(live(t)),
    index("cwr_walk_idx").on(t.walk_id),
    index("cwr_user_idx").on(t.user_id, t.request_type),
    // The list's keyword search on the reason (the customer and pet are found through their own indexes).
    searchIndex("cwr_search_idx", walkRequestSearchText(t)),
    check("cwr_type_ck", sql`${t.request_type} in ('reschedule', 'cancel')`),
    check("cwr_status_ck", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check(
      "cwr_reschedule_ck",
      sql`${t.request_type} = 'cancel' or (${t.new_date} is not null and ${t.new_timeslot} is not null)`,
    ),
  ],
);

/**
 * A company's walk policy: the reschedule quota (approved or pending reschedules per monthly request) and the
 * cancellation refund tiers ([{ min_hours, refund_percent }], the first tier whose min_hours the notice meets).
 * A company without a row has the default (lib/jobs/walk-policy.ts).
 */
export const walkRequestPolicies = pgTable("walk_request_policies", {
  company_id: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  reschedule_quota: smallint("reschedule_quota").notNull().default(4),
  refund_tiers: jsonb("refund_tiers").$type<{ min_hours: number; refund_percent: number }[]>().notNull(),
  updated_at: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  updated_by: integer("updated_by"),
});
