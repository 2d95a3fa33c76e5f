import "server-only";
import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import {
  dailyJobPlanWalks,
  dailyJobPlans,
  franchisees,
  petSearchText,
  userMonthlyJobRequests,
  userPets,
  users,
  usersSearchText,
  valueLists,
} from "@/db/schema";
import { childRows, replaceChildRows } from "@/lib/platform/child-rows";
import { authorize, can, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor, type Tx } from "@/lib/platform/db";
import {
  crudOf,
  defineEntity,
  networkScope,
  restoreOf,
  softDeleteOf,
  wrapBuilt,
} from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { forbidden, invalid, type FieldErrors } from "@/lib/platform/errors";
import { fileUrl } from "@/lib/platform/file-access";
import {
  dateRangeFilter,
  defineList,
  enumFilter,
  idAndStatusColumns,
  parseListQuery,
  rawParam,
  referenceFilter,
  runListQuery,
  type ListFilter,
  type ListQuery,
  type ListResult,
  type RawParams,
} from "@/lib/platform/list";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { flag, optionalId, requiredDate, requiredId } from "@/lib/platform/schemas";
import { parseIdParam } from "@/lib/platform/ids";
import { parseDate } from "@/lib/operations/week-parity";
import { PLAN_STATUS_LABELS, userNameOf, WALK_STATUS, WALK_STATUS_LABELS, walkersWhere } from "./common";
import { tellCustomers, walkerText, whenText, type WalkFact } from "./walk-notices";

// Daily job plans and their walks (spec 002 §2 "Daily job plans", §3, §7; issue 11): a customer's day of walks, the
// walker and the pets; generated from approved monthly requests (lib/jobs/walk-generation.ts) or made by hand here.

/** Texts of this module's own rules (the spec shows no form for a plan). */
export const DAILY_PLAN_MESSAGES = {
  franchisee: "The selected franchisee is invalid.",
  franchiseeRequired: "The franchisee field is required.",
  customer: "The selected customer is invalid.",
  walker: "The selected walker is invalid.",
  pet: "The selected pet is invalid.",
  samePets: "The pet 2 must be a different pet.",
  timeslot: "The timeslot must be a time like 07:30.",
  timeslotRequired: "The timeslot field is required.",
  status: "The selected status is invalid.",
  duration: "The duration must be between 1 and 1440 minutes.",
  requestDate: "The monthly request already has a daily job plan on this date.",
  date: "The date must be a date like 2026-11-25.",
} as const;

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** A walk's timeslot: "HH:MM" (or HH:MM:SS as loaded), stored as HH:MM:00. */
const timeslot = z
  .unknown()
  .transform((v, c) => {
    const s = typeof v === "string" ? v.trim() : "";
    if (!s) {
      c.addIssue({ code: "custom", message: DAILY_PLAN_MESSAGES.timeslotRequired });
      return z.NEVER;
    }
    const m = TIME.exec(s);
    if (!m) {
      c.addIssue({ code: "custom", message: DAILY_PLAN_MESSAGES.timeslot });
      return z.NEVER;
    }
    return `${m[1]}:${m[2]}:00`;
  })
  .describe("HH:MM (24-hour, India's time).");

const statusOf = (max: number) =>
  z.preprocess(
    (v) => (v === "" || v == null ? undefined : v),
    z.coerce
      .number({ error: DAILY_PLAN_MESSAGES.status })
      .int(DAILY_PLAN_MESSAGES.status)
      .min(0, DAILY_PLAN_MESSAGES.status)
      .max(max, DAILY_PLAN_MESSAGES.status)
      .optional(),
  );

/**
 * One walk of the plan as the form sends it: its id when it exists (a new walk has none), the timeslot, the walker
 * (blank: the plan's walker), the status (0-6, WALK_STATUS_LABELS) and the duration in minutes (default 30).
 */
export const walkRow = z.object({
  id: optionalId("walk"),
  timeslot,
  walker_id: optionalId("walker"),
  status: statusOf(6).transform((v) => v ?? 0),
  duration_minutes: z
    .preprocess(
      (v) => (v === "" || v == null ? undefined : v),
      z.coerce
        .number({ error: DAILY_PLAN_MESSAGES.duration })
        .int(DAILY_PLAN_MESSAGES.duration)
        .min(1, DAILY_PLAN_MESSAGES.duration)
        .max(1440, DAILY_PLAN_MESSAGES.duration)
        .optional(),
    )
    .transform((v) => v ?? 30),
});
export type WalkRowInput = z.output<typeof walkRow>;

/**
 * The daily job plan form (ours: the spec shows none): date, customer, franchisee (an admin's choice, else the
 * walker's; a franchisee member's own, stamped), walker (a walker of that franchisee), pet and pet 2 (the customer's
 * pets), status (PLAN_STATUS_LABELS) and its walks.
 */
export const dailyJobPlanCreateSchema = z.object({
  date: requiredDate("date"),
  user_id: requiredId("customer"),
  franchisee_id: optionalId("franchisee"),
  walker_id: optionalId("walker"),
  user_pet_id: optionalId("pet"),
  user_pet_2_id: optionalId("pet 2"),
  status: statusOf(3).transform((v) => v ?? 0),
  is_active: flag.default(1),
  daily_job_plan_walks: childRows(walkRow, { label: "walks", max: 10, distinct: "id" }).default([]),
});
export type DailyJobPlanInput = z.output<typeof dailyJobPlanCreateSchema>;

/** The edit: a PATCH writes what it sends; the walks are replaced only when sent. */
export const dailyJobPlanUpdateSchema = z.object({
  date: requiredDate("date").optional(),
  user_id: requiredId("customer").optional(),
  franchisee_id: optionalId("franchisee"),
  walker_id: optionalId("walker"),
  user_pet_id: optionalId("pet"),
  user_pet_2_id: optionalId("pet 2"),
  status: statusOf(3),
  is_active: flag.optional(),
  daily_job_plan_walks: childRows(walkRow, { label: "walks", max: 10, distinct: "id" }).optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// The list.

const customer = alias(users, "customer");
const walker = alias(users, "walker");
const pet = alias(userPets, "pet");
const pet2 = alias(userPets, "pet_2");

const nameOf = userNameOf;
const validDate = (s: string) => parseDate(s) != null;

/** date=YYYY-MM-DD: the plans of one day (the calendar's day links). */
const dayFilter: ListFilter = {
  label: "Date",
  where: (raw, param) => {
    const v = rawParam(raw, param)?.trim();
    if (!v) return undefined;
    if (!validDate(v)) throw invalid({ [param]: DAILY_PLAN_MESSAGES.date });
    return eq(dailyJobPlans.date, v);
  },
  ui: (param) => ({ param, label: "Date", kind: "select", options: [] }),
};

/**
 * walker_id: the plans the walker walks: those with a live walk of theirs (the plan's own walker, or a leave's
 * replacement on one of its walks). A semi-join on djp_walks_walker_idx (company, walker, date): the company is the
 * walker's, so the index is usable without the caller's company here.
 */
const walkerFilter: ListFilter = {
  label: "Walker",
  where: (raw, param) => {
    const v = rawParam(raw, param)?.trim();
    if (!v) return undefined;
    const id = parseIdParam(v.split(",")[0].trim());
    if (id == null || id > 2_147_483_647) throw invalid({ [param]: "The selected walker is invalid." });
    return sql`${dailyJobPlans.id} in (select w.daily_job_plan_id from ${dailyJobPlanWalks} w
      where w.company_id = (select u.company_id from ${users} u where u.id = ${id})
        and w.walker_id = ${id} and w.deleted_at is null)`;
  },
  ui: (param) => ({ param, label: "Walker", kind: "select", options: [] }),
};

const PLAN_STATUS_OPTIONS = Object.entries(PLAN_STATUS_LABELS).map(([value, label]) => ({ value, label }));

export const dailyJobPlansDef = defineEntity({
  name: "daily_job_plans",
  noun: "Daily Job Plan",
  plural: "Daily Job Plans",
  href: "/daily-job-plans",
  table: dailyJobPlans,
  scope: networkScope(dailyJobPlans, { franchisee: dailyJobPlans.franchisee_id, stampFranchisee: true }),
  create: dailyJobPlanCreateSchema,
  update: dailyJobPlanUpdateSchema,
  unique: [
    {
      columns: [dailyJobPlans.user_monthly_job_request_id, dailyJobPlans.date],
      field: "date",
      message: DAILY_PLAN_MESSAGES.requestDate,
      index: "daily_job_plans_request_date_uq",
    },
  ],
  list: defineList({
    from: dailyJobPlans,
    select: {
      id: dailyJobPlans.id,
      date: dailyJobPlans.date,
      status: dailyJobPlans.status,
      holiday_name: dailyJobPlans.holiday_name,
      is_active: dailyJobPlans.is_active,
      user_monthly_job_request_id: dailyJobPlans.user_monthly_job_request_id,
      user_id: dailyJobPlans.user_id,
      customer_name: nameOf(customer),
      franchisee_id: dailyJobPlans.franchisee_id,
      walker_id: dailyJobPlans.walker_id,
      walker_name: nameOf(walker),
      walker_user_name: walker.user_name,
      user_pet_id: dailyJobPlans.user_pet_id,
      pet_name: pet.name,
      user_pet_2_id: dailyJobPlans.user_pet_2_id,
      pet_2_name: pet2.name,
      walks_count: sql<number>`(select count(*)::int from ${dailyJobPlanWalks} w
        where w.daily_job_plan_id = ${dailyJobPlans.id}
          and (w.deleted_at is null or w.deleted_at = ${dailyJobPlans.deleted_at}))`,
    },
    joins: [
      { table: customer, on: eq(customer.id, dailyJobPlans.user_id) },
      { table: walker, on: eq(walker.id, dailyJobPlans.walker_id) },
      { table: pet, on: eq(pet.id, dailyJobPlans.user_pet_id) },
      { table: pet2, on: eq(pet2.id, dailyJobPlans.user_pet_2_id) },
    ],
    id: dailyJobPlans.id,
    isActive: dailyJobPlans.is_active,
    deletedAt: dailyJobPlans.deleted_at,
    // The customer, the walker and the pets, each through its table's trigram index (a rare name's plans by the
    // plans' key indexes; a common one tested row by row in the list's order): a name matched by no one read every
    // plan of the company and its joins (the bench's search timed out at 5M walks).
    searchThrough: [
      { key: dailyJobPlans.user_id, id: users.id, text: usersSearchText(users) },
      { key: dailyJobPlans.walker_id, id: users.id, text: usersSearchText(users) },
      { key: dailyJobPlans.user_pet_id, id: userPets.id, text: petSearchText(userPets) },
      { key: dailyJobPlans.user_pet_2_id, id: userPets.id, text: petSearchText(userPets) },
    ],
    filters: {
      user_monthly_job_request_id: referenceFilter(
        dailyJobPlans.user_monthly_job_request_id,
        "Monthly Request",
      ),
      date: dayFilter,
      date_range: dateRangeFilter(dailyJobPlans.date, "Date"),
      walker_id: walkerFilter,
      franchisee_id: referenceFilter(dailyJobPlans.franchisee_id, "Franchisee"),
      status: enumFilter(dailyJobPlans.status, "Plan Status", PLAN_STATUS_OPTIONS),
    },
    // A request's plans read day by day: daily_job_plans_list_idx (company, date, id; live rows) serves page 1, a
    // franchisee member's daily_job_plans_franchisee_idx.
    sort: { date: dailyJobPlans.date },
    defaultSort: "date",
    export: [
      ...idAndStatusColumns(),
      { header: "Date", field: "date" },
      { header: "Customer", field: "customer_name" },
      { header: "Walker", field: "walker_name" },
      { header: "Pet", field: "pet_name" },
      { header: "Pet 2", field: "pet_2_name" },
      { header: "Plan Status", field: "status", labels: PLAN_STATUS_LABELS, otherwise: "Scheduled" },
      { header: "Holiday", field: "holiday_name" },
      { header: "Walks", field: "walks_count" },
    ],
  }),
  detail: async (db, row) => planDetail(db, row),
  // The history reads each walk as a line: "1. 07:00 Aarav Sharma (Pending, 30 min)".
  auditDetail: async (db, row) => ({
    daily_job_plan_walks: (await walksOf(db, [row.id])).map(
      (w) =>
        `${w.walk_no}. ${w.timeslot} ${w.walker_name ?? "No walker"} (${w.status_label}, ${w.duration_minutes} min)`,
    ),
  }),
  detailSchema: {
    customer_name: z.string().nullable(),
    walker_name: z.string().nullable(),
    franchisee_name: z.string().nullable(),
    pet_name: z.string().nullable(),
    pet_2_name: z.string().nullable(),
    walker: z.object({ id: z.number(), user_name: z.string().nullable() }).nullable(),
    user_pet: z.lazy(() => planPetSchema),
    user_pet_2: z.lazy(() => planPetSchema),
    daily_job_plan_walks: z.array(z.lazy(() => walkSchema)),
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Walks as they are read.

/** A walk as the list's sub-table, the record and /api answer it. */
export const walkSchema = z.object({
  id: z.number(),
  daily_job_plan_id: z.number(),
  walk_no: z.number(),
  date: z.string(),
  timeslot: z.string(),
  duration_minutes: z.number(),
  status: z.number(),
  status_label: z.string(),
  walker_id: z.number().nullable(),
  walker_name: z.string().nullable(),
  start_selfie_url: z.string().nullable().describe("The start selfie's link (/api/files/...), when taken."),
  end_selfie_url: z.string().nullable().describe("The end selfie's link (/api/files/...), when taken."),
  distance_covered: z.number().nullable(),
  calories_burnt: z.number().nullable(),
  rating: z.number().nullable(),
  feedback: z.string().nullable(),
  walker: z
    .object({ id: z.number(), user_name: z.string().nullable() })
    .nullable()
    .describe("The walk's walker (spec 002 §3)."),
  started_at: z.string().nullable().describe("ISO 8601: when the walker started it."),
  completed_at: z.string().nullable().describe("ISO 8601: when the walker completed it."),
  actual_duration_minutes: z
    .number()
    .nullable()
    .describe("The report card: the minutes the walker reported."),
  walker_note: z.string().nullable().describe("The report card: the walker's note to the customer."),
  photo_urls: z.array(z.string()).describe("The report card: 1-3 photos of the walk (/api/files/...)."),
  rated_at: z.string().nullable().describe("ISO 8601: when the customer rated it."),
});
export type Walk = z.infer<typeof walkSchema>;

const walkWalker = alias(users, "walk_walker");

/**
 * The walks of these plans in one statement, by plan and walk number: the live walks of a live plan, those deleted
 * with it of a deleted plan (the trash view, the audit of a delete).
 */
async function walksOf(db: Executor, planIds: number[]): Promise<Walk[]> {
  if (!planIds.length) return [];
  const w = dailyJobPlanWalks;
  const rows = await db
    .select({
      id: w.id,
      daily_job_plan_id: w.daily_job_plan_id,
      walk_no: w.walk_no,
      date: w.date,
      timeslot: w.timeslot,
      duration_minutes: w.duration_minutes,
      status: w.status,
      walker_id: w.walker_id,
      walker_name: nameOf(walkWalker),
      start_selfie_path: w.start_selfie_path,
      end_selfie_path: w.end_selfie_path,
      distance_covered: w.distance_covered,
      calories_burnt: w.calories_burnt,
      rating: w.rating,
      feedback: w.feedback,
      walker_user_name: walkWalker.user_name,
      started_at: w.started_at,
      completed_at: w.completed_at,
      actual_duration_minutes: w.actual_duration_minutes,
      walker_note: w.walker_note,
      photo_paths: w.photo_paths,
      rated_at: w.rated_at,
    })
    .from(w)
    .innerJoin(dailyJobPlans, eq(dailyJobPlans.id, w.daily_job_plan_id))
    .leftJoin(walkWalker, eq(walkWalker.id, w.walker_id))
    .where(
      and(
        inArray(w.daily_job_plan_id, planIds),
        sql`(${w.deleted_at} is null or ${w.deleted_at} = ${dailyJobPlans.deleted_at})`,
      ),
    )
    .orderBy(asc(w.daily_job_plan_id), asc(w.walk_no), asc(w.timeslot), asc(w.id));
  return rows.map(toWalk);
}

type WalkRow = {
  status: number;
  timeslot: string;
  walker_id: number | null;
  walker_user_name: string | null;
  start_selfie_path: string | null;
  end_selfie_path: string | null;
  photo_paths: unknown;
  started_at: Date | string | null;
  completed_at: Date | string | null;
  rated_at: Date | string | null;
};
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** A walk as the list and the plan answer it, from its row (walksOf) or its JSON (walksJson). */
function toWalk<R extends WalkRow>({
  start_selfie_path,
  end_selfie_path,
  photo_paths,
  walker_user_name,
  ...r
}: R) {
  return {
    ...r,
    timeslot: r.timeslot.slice(0, 5),
    status_label: WALK_STATUS_LABELS[r.status] ?? String(r.status),
    start_selfie_url: fileUrl(start_selfie_path),
    end_selfie_url: fileUrl(end_selfie_path),
    walker: r.walker_id != null ? { id: r.walker_id, user_name: walker_user_name } : null,
    started_at: iso(r.started_at),
    completed_at: iso(r.completed_at),
    photo_urls: (Array.isArray(photo_paths) ? photo_paths : [])
      .filter((k): k is string => typeof k === "string" && k !== "")
      .map((k) => fileUrl(k)!),
    rated_at: iso(r.rated_at),
  } as unknown as Walk;
}

/**
 * A plan's walks as JSON inside the list's own statement (the list of plans is one statement, not three): the
 * same columns, the same order and the same live/trash rule as walksOf.
 */
const walksJson = sql<WalkRow[]>`(select coalesce(json_agg(json_build_object(
    'id', w.id, 'daily_job_plan_id', w.daily_job_plan_id, 'walk_no', w.walk_no, 'date', w.date,
    'timeslot', w.timeslot, 'duration_minutes', w.duration_minutes, 'status', w.status, 'walker_id', w.walker_id,
    'walker_name', ${nameOf(walkWalker)}, 'start_selfie_path', w.start_selfie_path,
    'end_selfie_path', w.end_selfie_path, 'distance_covered', w.distance_covered::float8,
    'calories_burnt', w.calories_burnt::float8, 'rating', w.rating, 'feedback', w.feedback,
    'walker_user_name', ${walkWalker.user_name}, 'started_at', w.started_at, 'completed_at', w.completed_at,
    'actual_duration_minutes', w.actual_duration_minutes, 'walker_note', w.walker_note,
    'photo_paths', w.photo_paths, 'rated_at', w.rated_at)
    order by w.walk_no, w.timeslot, w.id), '[]'::json)
  from daily_job_plan_walks w left join users ${walkWalker} on ${walkWalker.id} = w.walker_id
  where w.daily_job_plan_id = ${dailyJobPlans.id}
    and (w.deleted_at is null or w.deleted_at = ${dailyJobPlans.deleted_at}))`;

/** A plan's pet as spec 002 §3 names it (user_pet, user_pet_2): the monthly requests' shape. */
export const planPetSchema = z
  .object({
    id: z.number(),
    name: z.string(),
    breed: z.object({ description: z.string() }).nullable(),
    weight: z.number().nullable(),
    age: z.number().nullable(),
  })
  .nullable();
export type PlanPet = z.infer<typeof planPetSchema>;

/** The spec's names of a plan (spec 002 §3): walker {id, user_name}, user_pet and user_pet_2; extra fields stay. */
export const planSpecSchema = {
  walker: z.object({ id: z.number(), user_name: z.string().nullable() }).nullable(),
  user_pet: planPetSchema,
  user_pet_2: planPetSchema,
};

const petBreed = alias(valueLists, "pet_breed");

/** The pets of these ids with their breed, in one statement. */
async function petsById(db: Executor, ids: (number | null)[]): Promise<Map<number, NonNullable<PlanPet>>> {
  const wanted = [...new Set(ids.filter((i): i is number => i != null))];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({
      id: userPets.id,
      name: userPets.name,
      breed: petBreed.description,
      weight: userPets.weight,
      age: userPets.age,
    })
    .from(userPets)
    .leftJoin(petBreed, eq(petBreed.id, userPets.breed_id))
    .where(inArray(userPets.id, wanted));
  return new Map(rows.map((r) => [r.id, { ...r, breed: r.breed != null ? { description: r.breed } : null }]));
}

/** The plan's pets (petsById's shape) as JSON inside the list's statement. */
const petsJson = sql<
  { id: number; name: string; breed: string | null; weight: number | null; age: number | null }[]
>`
  (select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'breed', ${petBreed.description},
    'weight', p.weight::float8, 'age', p.age)), '[]'::json)
   from user_pets p left join value_lists ${petBreed} on ${petBreed.id} = p.breed_id
   where p.id in (${dailyJobPlans.user_pet_id}, ${dailyJobPlans.user_pet_2_id}))`;

/** A plan's spec fields from its ids and names. */
function specFieldsOf(
  plan: { walker_id: number | null; user_pet_id: number | null; user_pet_2_id: number | null },
  walkerUserName: string | null,
  pets: Map<number, NonNullable<PlanPet>>,
) {
  return {
    walker: plan.walker_id != null ? { id: plan.walker_id, user_name: walkerUserName } : null,
    user_pet: plan.user_pet_id != null ? (pets.get(plan.user_pet_id) ?? null) : null,
    user_pet_2: plan.user_pet_2_id != null ? (pets.get(plan.user_pet_2_id) ?? null) : null,
  };
}

async function planDetail(db: Executor, row: typeof dailyJobPlans.$inferSelect) {
  const [names] = await db
    .select({
      customer_name: nameOf(customer),
      walker_name: nameOf(walker),
      walker_user_name: walker.user_name,
      franchisee_name: franchisees.name,
      pet_name: pet.name,
      pet_2_name: pet2.name,
    })
    .from(dailyJobPlans)
    .leftJoin(customer, eq(customer.id, dailyJobPlans.user_id))
    .leftJoin(walker, eq(walker.id, dailyJobPlans.walker_id))
    .leftJoin(franchisees, eq(franchisees.id, dailyJobPlans.franchisee_id))
    .leftJoin(pet, eq(pet.id, dailyJobPlans.user_pet_id))
    .leftJoin(pet2, eq(pet2.id, dailyJobPlans.user_pet_2_id))
    .where(eq(dailyJobPlans.id, row.id));
  return {
    customer_name: names?.customer_name ?? null,
    walker_name: names?.walker_name ?? null,
    franchisee_name: names?.franchisee_name ?? null,
    pet_name: names?.pet_name ?? null,
    pet_2_name: names?.pet_2_name ?? null,
    ...specFieldsOf(
      row,
      names?.walker_user_name ?? null,
      await petsById(db, [row.user_pet_id, row.user_pet_2_id]),
    ),
    daily_job_plan_walks: await walksOf(db, [row.id]),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// Rules.

type PlanValues = {
  date: string;
  user_id: number;
  franchisee_id: number | null;
  walker_id: number | null;
  user_pet_id: number | null;
  user_pet_2_id: number | null;
};

/** A live customer (role USER) of the company. */
async function isCustomerOf(tx: Executor, companyId: number, userId: number) {
  const [hit] = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.company_id, companyId),
        eq(users.role_id, ROLE_IDS[ROLE.USER]),
        isNull(users.deleted_at),
      ),
    )
    .limit(1);
  return !!hit;
}

/** The franchisee of the plan: a member's own; else the one sent (a live franchisee of the company), else the walker's. */
async function resolveFranchisee(
  tx: Executor,
  ctx: Ctx,
  sent: number | null | undefined,
  current: number | null,
  walkerId: number | null,
  errors: FieldErrors,
): Promise<number | null> {
  const companyId = requireCompany(ctx);
  if (ctx.franchiseeId != null) {
    if (sent != null && sent !== ctx.franchiseeId) errors.franchisee_id = DAILY_PLAN_MESSAGES.franchisee;
    return ctx.franchiseeId;
  }
  if (sent != null) {
    if (sent === current) return sent;
    const [f] = await tx
      .select({ id: franchisees.id })
      .from(franchisees)
      .where(
        and(eq(franchisees.id, sent), eq(franchisees.company_id, companyId), isNull(franchisees.deleted_at)),
      );
    if (!f) errors.franchisee_id = DAILY_PLAN_MESSAGES.franchisee;
    return sent;
  }
  if (sent === undefined && current != null) return current;
  if (walkerId != null) {
    const [w] = await tx
      .select({ f: users.franchisee_id })
      .from(users)
      .where(and(eq(users.id, walkerId), eq(users.company_id, companyId)));
    if (w?.f != null) return w.f;
  }
  errors.franchisee_id = DAILY_PLAN_MESSAGES.franchiseeRequired;
  return null;
}

/**
 * The plan's references, on the values it will hold: the customer, the walker (a walker of the plan's franchisee),
 * the pets (the customer's, two different ones) and the walks' own walkers. What the plan (or a walk) already holds
 * stays acceptable when unchanged (the edit screen posts the record as loaded).
 */
async function checkPlan(
  tx: Executor,
  ctx: Ctx,
  v: PlanValues,
  walks: readonly WalkRowInput[] | undefined,
  errors: FieldErrors,
  before?: PlanValues & { id: number },
) {
  const companyId = requireCompany(ctx);
  const same = <K extends keyof PlanValues>(k: K) => before != null && before[k] === v[k];
  if (!same("user_id") && !(await isCustomerOf(tx, companyId, v.user_id)))
    errors.user_id ??= DAILY_PLAN_MESSAGES.customer;
  const franchiseeKept = same("franchisee_id");
  if (v.walker_id != null && !(same("walker_id") && franchiseeKept) && !errors.franchisee_id) {
    const [hit] = await tx
      .select({ id: users.id })
      .from(users)
      .where(walkersWhere(companyId, v.franchisee_id, [v.walker_id]));
    if (!hit) errors.walker_id ??= DAILY_PLAN_MESSAGES.walker;
  }
  const petIds = [v.user_pet_id, v.user_pet_2_id].filter((p): p is number => p != null);
  const keptPets = same("user_id") ? new Set([before?.user_pet_id, before?.user_pet_2_id]) : new Set();
  const toCheck = petIds.filter((p) => !keptPets.has(p));
  if (toCheck.length) {
    const found = await tx
      .select({ id: userPets.id })
      .from(userPets)
      .where(
        and(
          inArray(userPets.id, toCheck),
          eq(userPets.user_id, v.user_id),
          eq(userPets.company_id, companyId),
          isNull(userPets.deleted_at),
        ),
      );
    const ok = new Set(found.map((f) => f.id));
    if (v.user_pet_id != null && toCheck.includes(v.user_pet_id) && !ok.has(v.user_pet_id))
      errors.user_pet_id ??= DAILY_PLAN_MESSAGES.pet;
    if (v.user_pet_2_id != null && toCheck.includes(v.user_pet_2_id) && !ok.has(v.user_pet_2_id))
      errors.user_pet_2_id ??= DAILY_PLAN_MESSAGES.pet;
  }
  if (v.user_pet_2_id != null && v.user_pet_2_id === v.user_pet_id)
    errors.user_pet_2_id ??= DAILY_PLAN_MESSAGES.samePets;
  if (!walks?.length || errors.franchisee_id) return;
  // A walk keeps the walker it has (a leave's replacement, who may since have left or been deactivated); any other
  // walker must be one of the franchisee's.
  const stored = new Map<number, number | null>();
  if (before) {
    const rows = await tx
      .select({ id: dailyJobPlanWalks.id, walker_id: dailyJobPlanWalks.walker_id })
      .from(dailyJobPlanWalks)
      .where(eq(dailyJobPlanWalks.daily_job_plan_id, before.id));
    for (const r of rows) stored.set(r.id, r.walker_id);
  }
  const needs = walks
    .map((w, i) => ({ i, id: w.walker_id }))
    .filter((x) => x.id != null && !(franchiseeKept && stored.get(walks[x.i].id ?? -1) === x.id));
  if (!needs.length) return;
  const ids = [...new Set(needs.map((x) => x.id!))];
  const ok = new Set(
    (
      await tx
        .select({ id: users.id })
        .from(users)
        .where(walkersWhere(companyId, v.franchisee_id, ids))
    ).map((r) => r.id),
  );
  for (const x of needs)
    if (!ok.has(x.id!)) errors[`daily_job_plan_walks.${x.i}.walker_id`] ??= DAILY_PLAN_MESSAGES.walker;
}

/**
 * Keeps the walks in step with their plan, in the plan's transaction. With `rows` (the form's walks) they are
 * replaced: matched by id, the new ones inserted, those not sent removed; each takes the plan's date and franchisee,
 * its walk number from its place, and its own walker when it names one (else the plan's). Without, the plan's
 * date and franchisee move to its walks, and a walker change to the walks that had the plan's walker.
 */
async function syncWalks(
  tx: Tx,
  ctx: Ctx,
  plan: typeof dailyJobPlans.$inferSelect,
  rows: readonly WalkRowInput[] | undefined,
  before?: typeof dailyJobPlans.$inferSelect,
) {
  if (rows) {
    await replaceChildRows(tx, {
      table: dailyJobPlanWalks,
      parentColumn: dailyJobPlanWalks.daily_job_plan_id,
      parentId: plan.id,
      rows,
      match: dailyJobPlanWalks.id,
      key: (r) => r.id,
      toValues: (r, i) => ({
        company_id: plan.company_id,
        date: plan.date,
        franchisee_id: plan.franchisee_id,
        walker_id: r.walker_id ?? plan.walker_id,
        walk_no: i + 1,
        timeslot: r.timeslot,
        duration_minutes: r.duration_minutes,
        status: r.status,
        ...(r.id == null ? { created_by: ctx.userId, updated_by: ctx.userId } : {}),
      }),
      at: (i) => `daily_job_plan_walks.${i}.id`,
    });
    return;
  }
  if (!before) return;
  const w = dailyJobPlanWalks;
  if (before.date !== plan.date || before.franchisee_id !== plan.franchisee_id)
    await tx
      .update(w)
      .set({
        date: plan.date,
        franchisee_id: plan.franchisee_id,
        updated_at: new Date(),
        updated_by: ctx.userId,
      })
      .where(and(eq(w.daily_job_plan_id, plan.id), isNull(w.deleted_at)));
  if (before.walker_id !== plan.walker_id)
    await tx
      .update(w)
      .set({ walker_id: plan.walker_id, updated_at: new Date(), updated_by: ctx.userId })
      .where(
        and(
          eq(w.daily_job_plan_id, plan.id),
          isNull(w.deleted_at),
          sql`${w.walker_id} is not distinct from ${before.walker_id}`,
        ),
      );
}

type WalkState = { id: number; walker_id: number | null; date: string; timeslot: string; status: number };

/** A plan's live walks as they stand (before and after a save, to tell the customer what changed). */
async function walkStates(tx: Tx, planId: number): Promise<WalkState[]> {
  const w = dailyJobPlanWalks;
  return tx
    .select({ id: w.id, walker_id: w.walker_id, date: w.date, timeslot: w.timeslot, status: w.status })
    .from(w)
    .where(and(eq(w.daily_job_plan_id, planId), isNull(w.deleted_at)));
}

const petsOf = (walks: WalkFact[]) => walks[0]?.pets ?? "your pet";

/**
 * Tells the customer (issue 22), once per kind of change, of the walks a save cancelled, moved (another day or time)
 * or gave another walker. Walks added or removed by hand are the plan's shape, not news.
 */
async function tellWalkChanges(tx: Tx, was: WalkState[], now: WalkState[]): Promise<void> {
  const before = new Map(was.map((x) => [x.id, x]));
  const cancelled: number[] = [];
  const moved: number[] = [];
  const newWalker: number[] = [];
  for (const n of now) {
    const b = before.get(n.id);
    if (!b) continue;
    if (n.status === WALK_STATUS.CANCELLED) {
      if (b.status !== WALK_STATUS.CANCELLED) cancelled.push(n.id);
    } else if (n.date !== b.date || n.timeslot.slice(0, 5) !== b.timeslot.slice(0, 5)) moved.push(n.id);
    else if (n.walker_id !== b.walker_id) newWalker.push(n.id);
  }
  await tellCustomers(tx, cancelled, (walks) => ({
    title: "Walk cancelled",
    body: `The walk of ${petsOf(walks)} on ${whenText(walks)} is cancelled by ${walks[0].franchisee ?? "the franchisee"}.`,
  }));
  await tellCustomers(tx, moved, (walks) => ({
    title: "Walk moved",
    body: `The walk of ${petsOf(walks)} is now on ${whenText(walks)}, with ${walkerText(walks[0].walker, walks[0].franchisee)}.`,
  }));
  await tellCustomers(tx, newWalker, (walks) => ({
    title: "A new walker for your walk",
    body: `${walkerText(walks[0].walker, walks[0].franchisee)} walks ${petsOf(walks)} on ${whenText(walks)}.`,
  }));
}

const base = crudOf(dailyJobPlansDef, {
  async create({ ctx, tx, input, insert, errors }) {
    const { daily_job_plan_walks: walks, ...fields } = input;
    const franchisee_id = await resolveFranchisee(
      tx,
      ctx,
      fields.franchisee_id,
      null,
      fields.walker_id,
      errors,
    );
    await checkPlan(tx, ctx, { ...fields, franchisee_id }, walks, errors);
    const row = await insert({ ...fields, franchisee_id });
    await syncWalks(tx, ctx, row, walks);
    return row;
  },
  async update({ ctx, tx, before, patch, write, errors }) {
    const { daily_job_plan_walks: walks, ...fields } = patch;
    const walkerId = fields.walker_id !== undefined ? fields.walker_id : before.walker_id;
    const franchisee_id = await resolveFranchisee(
      tx,
      ctx,
      fields.franchisee_id,
      before.franchisee_id,
      walkerId,
      errors,
    );
    const after: PlanValues = {
      date: fields.date ?? before.date,
      user_id: fields.user_id ?? before.user_id,
      franchisee_id,
      walker_id: walkerId,
      user_pet_id: fields.user_pet_id !== undefined ? fields.user_pet_id : before.user_pet_id,
      user_pet_2_id: fields.user_pet_2_id !== undefined ? fields.user_pet_2_id : before.user_pet_2_id,
    };
    await checkPlan(tx, ctx, after, walks, errors, before);
    const values: Record<string, unknown> = { ...fields };
    if (franchisee_id !== before.franchisee_id) values.franchisee_id = franchisee_id;
    else delete values.franchisee_id;
    const was = await walkStates(tx, before.id);
    const row = await write(values);
    await syncWalks(tx, ctx, row, walks, before);
    await tellWalkChanges(tx, was, await walkStates(tx, row.id));
    return row;
  },
});

/** A plan's walks go to the trash with it (stamped with the plan's deletion, so a restore brings back those only). */
const trashWalks = async ({ ctx, tx, row }: { ctx: Ctx; tx: Tx; row: typeof dailyJobPlans.$inferSelect }) => {
  await tx
    .update(dailyJobPlanWalks)
    .set({ deleted_at: row.deleted_at, deleted_by: ctx.userId })
    .where(and(eq(dailyJobPlanWalks.daily_job_plan_id, row.id), isNull(dailyJobPlanWalks.deleted_at)));
};
/** Runs before the restore writes the plan: its walks deleted with it come back. */
const restoreWalks = async ({ tx, row }: { tx: Tx; row: typeof dailyJobPlans.$inferSelect }) => {
  if (!row.deleted_at) return;
  await tx
    .update(dailyJobPlanWalks)
    .set({ deleted_at: null, deleted_by: null })
    .where(
      and(eq(dailyJobPlanWalks.daily_job_plan_id, row.id), eq(dailyJobPlanWalks.deleted_at, row.deleted_at)),
    );
};

type PlanRow = (typeof base.list extends (...a: never[]) => Promise<ListResult<infer R>> ? R : never) & {
  id: number;
};

/** The list's declaration with each plan's walks and pets folded in (see walksJson). */
const listWithWalksDecl = defineList({
  ...dailyJobPlansDef.list!,
  select: { ...dailyJobPlansDef.list!.select, __walks: walksJson, __pets: petsJson },
});

/**
 * The list with each plan's walks (the Walks sub-table) and pets: one statement for the page, its count, its walks
 * and pets (a second, the planner's estimate, only beyond the exact count's limit).
 */
const listWithWalks = wrapBuilt(base.list, async (ctx: Ctx, raw: RawParams, parsed?: ListQuery) => {
  authorize(ctx, dailyJobPlansDef.permission("list"));
  const q = parsed ?? parseListQuery(listWithWalksDecl, raw);
  const r = await runListQuery(await getDb(), listWithWalksDecl, q, dailyJobPlansDef.scope.where(ctx));
  return {
    ...r,
    // The spec's names beside ours (spec 002 §3): walker, user_pet, user_pet_2 and daily_job_plan_walks.
    data: r.data.map(({ __walks, __pets, ...p }) => {
      const planWalks = (__walks ?? []).map(toWalk);
      const pets = new Map(
        (__pets ?? []).map((x) => [x.id, { ...x, breed: x.breed != null ? { description: x.breed } : null }]),
      );
      return {
        ...p,
        ...specFieldsOf(p, p.walker_user_name, pets),
        walks: planWalks,
        daily_job_plan_walks: planWalks,
      };
    }) as (PlanRow & {
      walks: Walk[];
      daily_job_plan_walks: Walk[];
    } & ReturnType<typeof specFieldsOf>)[],
  };
});

export const dailyJobPlansCrud = {
  ...base,
  list: listWithWalks,
  delete: softDeleteOf(dailyJobPlansDef, { after: trashWalks }),
  restore: restoreOf(dailyJobPlansDef, { guard: restoreWalks }),
};
export const dailyJobPlanActions = entityActions(dailyJobPlansCrud);

// ---------------------------------------------------------------------------------------------------------------
// The form's choices.

export type Choice = { id: number; name: string };

/** A customer's live pets (the form's Pet and Pet 2), for a caller who may create or update plans. */
export async function petsOfCustomer(ctx: Ctx, customerId: number): Promise<Choice[]> {
  if (!can(ctx, "daily_job_plans.create") && !can(ctx, "daily_job_plans.update")) throw forbidden();
  const companyId = requireCompany(ctx);
  const db = await getDb();
  return db
    .select({ id: userPets.id, name: userPets.name })
    .from(userPets)
    .where(
      and(eq(userPets.user_id, customerId), eq(userPets.company_id, companyId), isNull(userPets.deleted_at)),
    )
    .orderBy(asc(userPets.name), asc(userPets.id));
}

/**
 * What the list is narrowed to, for the line above it: the monthly request (its customer, month and year; within
 * the caller's company and franchisee; a plain or opaque id) and the day.
 */
export async function planListNarrowing(ctx: Ctx, raw: RawParams) {
  const companyId = requireCompany(ctx);
  const db = await getDb();
  const requestId = parseIdParam(rawParam(raw, "user_monthly_job_request_id")?.trim());
  const date = rawParam(raw, "date")?.trim() || null;
  let request: { id: number; label: string } | null = null;
  if (requestId != null && requestId <= 2_147_483_647) {
    const [r] = await db
      .select({
        month: userMonthlyJobRequests.month,
        year: userMonthlyJobRequests.year,
        name: nameOf(customer),
      })
      .from(userMonthlyJobRequests)
      .leftJoin(customer, eq(customer.id, userMonthlyJobRequests.user_id))
      .where(
        and(
          eq(userMonthlyJobRequests.id, requestId),
          eq(userMonthlyJobRequests.company_id, companyId),
          ctx.franchiseeId != null ? eq(userMonthlyJobRequests.franchisee_id, ctx.franchiseeId) : undefined,
        ),
      );
    request = {
      id: requestId,
      label: r ? `${r.name ?? ""} · ${String(r.month).padStart(2, "0")}-${r.year}` : `#${requestId}`,
    };
  }
  return { request, date: date && validDate(date) ? date : null };
}
