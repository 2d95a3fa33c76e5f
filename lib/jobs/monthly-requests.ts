import "server-only";
import { and, asc, eq, inArray, isNull, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import {
  addressSearchText,
  franchisees,
  plans,
  userAddresses,
  userMonthlyJobRequestPets,
  userMonthlyJobRequests as t,
  userPets,
  users,
  usersSearchText,
  valueLists,
} from "@/db/schema";
import { checkMasterRow, masterRows, ZONES_VALUE, type MasterRow } from "@/lib/franchise/master-rows";
import { franchiseesInScope } from "@/lib/franchise/franchisees";
import { planName } from "@/lib/franchise/plans";
import { approvalActions, approvalOf, decide, guardFields, type DecisionArgs } from "@/lib/platform/approval";
import { authorize, can, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, rowsOf, type Executor, type Tx } from "@/lib/platform/db";
import {
  companyRow,
  createOf,
  defineEntity,
  getOf,
  listOf,
  exportOf,
  networkScope,
  restoreOf,
  softDeleteOf,
  updateOf,
  upsertOf,
} from "@/lib/platform/entity";
import { entityActions, recordAction } from "@/lib/platform/entity-actions";
import { AppError, forbidden, invalid, notFound, type FieldErrors } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import {
  defineList,
  enumFilter,
  idAndStatusColumns,
  intFilter,
  listRowById,
  referenceFilter,
  type RowOf,
} from "@/lib/platform/list";
import type { ScreenRow } from "@/lib/platform/screens";
import { toActionResult } from "@/lib/platform/mutations";
import { companyAdminIds, notify, type NewNotification } from "@/lib/platform/notifications";
import { POSITION, ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import {
  codeOf,
  flag,
  idList,
  optionalId,
  optionalText,
  requiredDate,
  requiredId,
  timeOfDay,
  wholeNumber,
} from "@/lib/platform/schemas";
import {
  APPROVAL_LABELS,
  franchiseeAdminIds,
  indiaNow,
  isWalkerOf,
  NOT_STARTED,
  userNameOf,
  walkersWhere,
} from "./common";
import { generateWalks, moveFutureWalks, walksDue } from "./walk-generation";
import { dayLabel, monthLabel, walksCount } from "./walk-notices";
import { customerScope, optionPage, OPTIONS_MAX_LIMIT, type OptionPage } from "@/lib/options/option-sources";

// Monthly job requests (spec 002 §2 "Monthly job requests", §3, §4, §6, §7; issue 11). A customer asks for a month
// of walks under a plan; the franchisee's admin approves it (franchisee approval, with a walker and timeslots) and
// the company's ADMIN sets the status. Approval with a walker and a timeslot generates the daily job plans and walks
// (lib/jobs/walk-generation.ts) in the same transaction.

/** Approval codes (spec 002 §3, §9): 0 pending, 1 approved, 2 rejected. */
export const MONTHLY_APPROVAL = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;
const { PENDING, APPROVED, REJECTED } = MONTHLY_APPROVAL;

/** The most days one request may cover (beyond the spec: a month of walks, two at most). */
export const MAX_REQUEST_DAYS = 62;

/** Texts of this module's rules (the spec words none of them, but 'Zone updated successfully'). */
export const MONTHLY_MESSAGES = {
  zoneUpdated: "Zone updated successfully",
  confirm: "Are you sure to Approve/Reject?",
  approved: "Request approved successfully.",
  rejected: "Request rejected successfully.",
  customer: "The selected customer is invalid.",
  customerRequired: "The customer field is required.",
  address: "The selected address is not one of the customer's addresses.",
  pets: "Choose the customer's own pets.",
  petsCount: (n: number) =>
    `This plan is for ${n} dog${n === 1 ? "" : "s"}: choose ${n} pet${n === 1 ? "" : "s"}.`,
  plan: "The selected plan is invalid.",
  zone: "The selected zone is invalid.",
  franchisee: "The selected franchisee is invalid.",
  ownFranchisee: "You can only make requests for your own franchisee.",
  franchiseeDecided: "The franchisee cannot change once it has approved or rejected the request.",
  monthMismatch: "The month and year must be those of the start date.",
  endBeforeStart: "The end date cannot be before the start date.",
  tooLong: `A request covers at most ${MAX_REQUEST_DAYS} days.`,
  statusWhilePending: "The status can be set once the franchisee has approved or rejected the request.",
  franchiseeRejected: "The franchisee rejected this request: it can only be rejected.",
  walkerRequired: "Choose the walker before approving the request.",
  walker: "The selected walker is not a walker of the request's franchisee.",
  timeslotRequired: "The timeslot is required to approve the request.",
  timeslot2Required: "This plan has two walks a day: the second timeslot is required.",
  timeslot2Order: "The second timeslot must be later than the first.",
  timeslot2OneWalk: "This plan has one walk a day: it has no second timeslot.",
  remarkRequired: "The remark is required when the franchisee rejects the request.",
  notPending: "This request is no longer pending: only a pending request can be approved or rejected.",
  franchiseeFirst: "The franchisee has not approved or rejected this request yet.",
  walksMoved: (n: number) => `${n} walk${n === 1 ? "" : "s"} moved to you`,
  walksAssigned: (n: number) => `${n} walk${n === 1 ? "" : "s"} assigned to you`,
  walksTaken: (n: number) => `${n} walk${n === 1 ? "" : "s"} taken from you`,
  newRequest: "New monthly job request",
  noFranchisee: "A monthly job request reached no franchisee",
  customerAccepted: "Your monthly walk request was accepted",
  customerApproved: "Your monthly walks are confirmed",
  customerRejected: "Your monthly walk request was declined",
  walkerChanged: "Your walker changed",
  customersOnly: "Only customers can ask for monthly walks: this account is not a customer's.",
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Forms.

const approvalCode = (label: string) => codeOf(label, [0, 1, 2]);
/** The pets a request covers: one or two ids (an array, or a comma list). */
const petIds = idList("pet", 1, 2, "Choose one or two pets.");

/**
 * The create form (its content is not shown by the spec): the customer (an app user sending it is the customer),
 * their address and pets (as many as the plan's dogs), the plan, the start and end date (end ≥ start, at most 62
 * days), month and year (default: the start date's), the zone (default: the franchisee's) and the franchisee (a
 * franchisee's admin: their own).
 */
export const monthlyRequestCreateSchema = z.object({
  user_id: optionalId("customer"),
  user_address_id: requiredId("address"),
  user_pet_ids: petIds,
  plan_id: requiredId("plan"),
  month: wholeNumber("month", 1, 12).optional(),
  year: wholeNumber("year", 2000, 2100).optional(),
  start_date: requiredDate("start date"),
  end_date: requiredDate("end date"),
  zone_id: optionalId("zone"),
  franchisee_id: optionalId("franchisee"),
  is_active: flag.default(1),
});

/**
 * The edit (spec 002 §4) or the list's inline zone change (zone_id alone, §7). What the request is for (customer,
 * address, pets, plan, dates) is fixed once made; the decision fields follow the role rules (see `decisionRules`).
 */
export const monthlyRequestUpdateSchema = z.object({
  zone_id: optionalId("zone").optional(),
  is_active: flag.optional(),
  franchisee_id: optionalId("franchisee").optional(),
  franchisee_approval_status: approvalCode("franchisee approval status").optional(),
  status: approvalCode("status").optional(),
  walker_id: optionalId("walker").optional(),
  timeslot: timeOfDay("timeslot").optional(),
  timeslot_2: timeOfDay("timeslot 2").optional(),
  remark: optionalText("remark", 1000).optional(),
});

// ---------------------------------------------------------------------------------------------------------------
// The list.

const customer = alias(users, "customer");
const walker = alias(users, "walker");
const tier = alias(valueLists, "tier");
const zone = alias(valueLists, "zone");

const UPPER_LABELS = Object.fromEntries(
  Object.entries(APPROVAL_LABELS).map(([k, v]) => [k, v.toUpperCase()]),
);
const APPROVAL_OPTIONS = Object.entries(UPPER_LABELS).map(([value, label]) => ({ value, label }));

const petShape = {
  id: z.number(),
  name: z.string(),
  weight: z.number().nullable(),
  age: z.number().nullable(),
};
/** The spec's shapes (002 §3) the list and the item answer besides their flat fields. */
export const requestShapes = {
  user: z.object({ id: z.number(), user_name: z.string() }).nullable(),
  user_address: z
    .object({ id: z.number(), address: z.string(), lat: z.number().nullable(), long: z.number().nullable() })
    .nullable(),
  user_monthly_job_request_pets: z.array(
    z.object({
      ...petShape,
      breed: z.string().nullable(),
      user_pet: z.object({ ...petShape, breed: z.object({ description: z.string() }).nullable() }),
    }),
  ),
};
type Shape<K extends keyof typeof requestShapes> = z.infer<(typeof requestShapes)[K]>;

/** One pet of a request as the list and the item answer it: flat, and as spec 002 §3's `user_pet`. */
type RequestPet = Shape<"user_monthly_job_request_pets">[number];

/** The request's pets (p) with their breed (b), in the order chosen (rp). */
const requestPets = sql`from user_monthly_job_request_pets rp join user_pets p on p.id = rp.user_pet_id
  left join value_lists b on b.id = p.breed_id
  where rp.user_monthly_job_request_id = ${t.id}`;
/**
 * The request's pets as JSON (the list's Pets sub-table): name, breed (the BREEDS row's description), weight, age;
 * and the same as spec 002 §3's `user_pet {name, breed {description}, weight, age}`.
 */
const petsJson = sql<RequestPet[]>`(select coalesce(json_agg(json_build_object('id', p.id, 'name', p.name,
    'breed', b.description, 'weight', p.weight::float8, 'age', p.age,
    'user_pet', json_build_object('id', p.id, 'name', p.name,
      'breed', case when b.id is null then null else json_build_object('description', b.description) end,
      'weight', p.weight::float8, 'age', p.age)) order by rp.id), '[]'::json) ${requestPets})`;
/** The same as text, for the export: "Bruno (LABRADOR RETRIEVER, 28.5 kg, 4 y); ...". */
const petsText = sql<string>`(select string_agg(p.name || coalesce(' (' || b.description || ')', ''), '; ' order by rp.id)
  ${requestPets})`;

const customerName = userNameOf(customer);
const walkerName = sql<
  string | null
>`case when ${walker.id} is null then null else ${userNameOf(walker)} end`;
const planNameOf = sql<
  string | null
>`case when ${plans.id} is null then null else ${planName(tier.description)} end`;
/** Spec 002 §3's `user {user_name}` (with the id) of the request's customer. */
const userJson = sql<
  Shape<"user">
>`case when ${customer.id} is null then null else json_build_object('id', ${customer.id}, 'user_name', ${customerName}) end`;
/** Spec 002 §3's `user_address {address, lat, long}` (with the id). */
const addressJson = sql<
  Shape<"user_address">
>`case when ${userAddresses.id} is null then null else json_build_object('id', ${userAddresses.id},
  'address', ${userAddresses.address}, 'lat', ${userAddresses.latitude}::float8, 'long', ${userAddresses.longitude}::float8) end`;

/** The list of requests (spec 002 §2): its select is also the item's and the notifications' names. */
const requestList = defineList({
  from: t,
  select: {
    id: t.id,
    status: t.status,
    franchisee_approval_status: t.franchisee_approval_status,
    user_id: t.user_id,
    user_name: customerName,
    month: t.month,
    year: t.year,
    zone_id: t.zone_id,
    zone: zone.description,
    plan_id: t.plan_id,
    plan_name: planNameOf,
    no_of_walks: plans.no_of_walks,
    user_address_id: t.user_address_id,
    address: userAddresses.address,
    start_date: t.start_date,
    end_date: t.end_date,
    franchisee_id: t.franchisee_id,
    franchisee_name: franchisees.name,
    walker_id: t.walker_id,
    walker_name: walkerName,
    timeslot: t.timeslot,
    timeslot_2: t.timeslot_2,
    remark: t.remark,
    walks_generated_at: t.walks_generated_at,
    user_monthly_job_request_pets: petsJson,
    user: userJson,
    user_address: addressJson,
    pets_text: petsText,
    is_active: t.is_active,
  },
  // The names a request is shown with (the list, the item, the notifications): one join each.
  joins: [
    { table: customer, on: eq(customer.id, t.user_id) },
    { table: walker, on: eq(walker.id, t.walker_id) },
    { table: zone, on: eq(zone.id, t.zone_id) },
    { table: plans, on: eq(plans.id, t.plan_id) },
    { table: tier, on: eq(tier.id, plans.tier_id) },
    { table: userAddresses, on: eq(userAddresses.id, t.user_address_id) },
    { table: franchisees, on: eq(franchisees.id, t.franchisee_id) },
  ],
  id: t.id,
  isActive: t.is_active,
  deletedAt: t.deleted_at,
  // The keyword: the customer's name, email, phone or employee code, or the address, each through its trigram
  // index (users_search_idx, user_addresses_search_idx).
  searchThrough: [
    { key: t.user_id, id: users.id, text: usersSearchText(users) },
    { key: t.user_address_id, id: userAddresses.id, text: addressSearchText(userAddresses) },
  ],
  filters: {
    status: enumFilter(t.status, "Approval Status", APPROVAL_OPTIONS),
    franchisee_approval_status: enumFilter(
      t.franchisee_approval_status,
      "Franchisee Approval",
      APPROVAL_OPTIONS,
    ),
    franchisee_id: referenceFilter(t.franchisee_id, "Franchisee"),
    user_id: referenceFilter(t.user_id, "User"),
    month: intFilter(t.month, "Month"),
    year: intFilter(t.year, "Year"),
    zone_id: referenceFilter(t.zone_id, "Zone"),
  },
  export: [
    ...idAndStatusColumns(),
    { header: "Approval Status", field: "status", labels: UPPER_LABELS, otherwise: "PENDING" },
    {
      header: "Franchisee Approval",
      field: "franchisee_approval_status",
      labels: UPPER_LABELS,
      otherwise: "PENDING",
    },
    { header: "User", field: "user_name" },
    { header: "Month", field: "month" },
    { header: "Year", field: "year" },
    { header: "Zone", field: "zone" },
    { header: "Plan", field: "plan_name" },
    { header: "Address", field: "address" },
    { header: "Start Date", field: "start_date" },
    { header: "End Date", field: "end_date" },
    { header: "Franchisee", field: "franchisee_name" },
    { header: "Walker", field: "walker_name" },
    { header: "Timeslot", field: "timeslot" },
    { header: "Timeslot 2", field: "timeslot_2" },
    { header: "Remark", field: "remark" },
    { header: "Pets", field: "pets_text" },
  ],
});

/** The list screen's fields: only those (and the id) reach the browser. */
export const MONTHLY_SCREEN_FIELDS = [
  "status",
  "franchisee_approval_status",
  "user_name",
  "month",
  "year",
  "zone_id",
  "zone",
  "plan_name",
  "address",
  "start_date",
  "end_date",
  "user_monthly_job_request_pets",
  "is_active",
] as const;
/** A row of the list screen, as the browser gets it. */
export type MonthlyRequestScreenRow = ScreenRow<
  Pick<RowOf<typeof requestList.select>, (typeof MONTHLY_SCREEN_FIELDS)[number] | "id">
>;

/** The toolbar's filters: no zone filter for a MASTER FRANCHISEE or a FRANCHISEE ADMIN (spec 002 §6). */
export const monthlyToolbarFilters = (ctx: Ctx) =>
  Object.keys(requestList.filters).filter(
    (f) =>
      (f !== "zone_id" || (ctx.zoneIds == null && ctx.roleName !== ROLE.FRANCHISEE_ADMIN)) &&
      (f !== "franchisee_id" || ctx.franchiseeId == null),
  );

/**
 * User Monthly Job Requests (spec 002 §2, §3): the acting company's; a MASTER FRANCHISEE's only in their zones, a
 * franchisee's admin only their franchisee's, an app user (role USER) only their own. Another answers 404.
 */
export const monthlyRequestsDef = defineEntity({
  name: "user_monthly_job_requests",
  noun: "User Monthly Job Request",
  plural: "User Monthly Job Requests",
  href: "/user-monthly-job-requests",
  table: t,
  scope: networkScope(t, {
    zone: t.zone_id,
    franchisee: t.franchisee_id,
    stampFranchisee: true,
    own: t.user_id,
  }),
  create: monthlyRequestCreateSchema,
  update: monthlyRequestUpdateSchema,
  messages: {
    created: "Request created successfully.",
    updated: "Request updated successfully.",
    deleted: "Request deleted successfully.",
    restored: "Request restored successfully.",
  },
  list: requestList,
  detail: async (db, row) => requestDetail(db, row),
  auditDetail: async (db, row) => ({ user_pet_ids: await petIdsOf(db, row.id) }),
  detailSchema: {
    user_name: z.string().nullable(),
    address: z.string().nullable(),
    plan_name: z.string().nullable(),
    no_of_dogs: z.number().nullable(),
    no_of_walks: z.number().nullable(),
    zone: z.string().nullable(),
    franchisee_name: z.string().nullable(),
    walker_name: z.string().nullable(),
    user_pet_ids: z.array(z.number()),
    ...requestShapes,
  },
});

async function petIdsOf(db: Executor, requestId: number): Promise<number[]> {
  const rows = await db
    .select({ id: userMonthlyJobRequestPets.user_pet_id })
    .from(userMonthlyJobRequestPets)
    .where(eq(userMonthlyJobRequestPets.user_monthly_job_request_id, requestId))
    .orderBy(asc(userMonthlyJobRequestPets.id));
  return rows.map((r) => r.id);
}

/** What the edit screen and GET :id answer besides the row: the list row's names and pets, and the plan's dogs. */
async function requestDetail(db: Executor, row: typeof t.$inferSelect) {
  const l = requestList.select;
  const r = (await listRowById(db, requestList, row.id, {
    user_name: l.user_name,
    address: l.address,
    plan_name: l.plan_name,
    no_of_dogs: plans.no_of_dogs,
    no_of_walks: l.no_of_walks,
    zone: l.zone,
    franchisee_name: l.franchisee_name,
    walker_name: l.walker_name,
    user: l.user,
    user_address: l.user_address,
    user_monthly_job_request_pets: l.user_monthly_job_request_pets,
  }))!;
  const pets = jsonOf<RequestPet[]>(r.user_monthly_job_request_pets) ?? [];
  const [user, user_address] = [jsonOf(r.user), jsonOf(r.user_address)];
  return {
    ...r,
    user_pet_ids: pets.map((p) => p.id),
    user_monthly_job_request_pets: pets,
    user,
    user_address,
  };
}

/** A json column as read (the drivers parse it; a text one is parsed here). */
const jsonOf = <T>(v: T | string | null): T | null =>
  v == null ? null : typeof v === "string" ? (JSON.parse(v) as T) : (v as T);

// ---------------------------------------------------------------------------------------------------------------
// Rules.

type Row = typeof t.$inferSelect;

const isFranchiseeAdmin = (ctx: Ctx) => ctx.roleName === ROLE.FRANCHISEE_ADMIN;
/** Who sets the request's status (spec 002 §4, §6: ADMIN; SUPER ADMIN too): holders of `.approve`. */
export const isStatusApprover = (ctx: Ctx) => can(ctx, "user_monthly_job_requests.approve");

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/** The request's plan (live, of the company; the caller checks it is active). */
const planOf = (db: Executor, ctx: Ctx, id: number | null) =>
  id == null ? null : companyRow(db, ctx, plans, id);

async function checkZone(db: Executor, ctx: Ctx, zoneId: number | null, errors: FieldErrors) {
  if (zoneId == null) return;
  if (!(await checkMasterRow(db, ctx, ZONES_VALUE, zoneId))) errors.zone_id ??= MONTHLY_MESSAGES.zone;
  else if (ctx.zoneIds != null && !ctx.zoneIds.includes(zoneId)) errors.zone_id ??= MONTHLY_MESSAGES.zone;
}

type Create = z.output<typeof monthlyRequestCreateSchema>;

/** Kilometres between two points on the Earth (haversine, mean radius 6371 km), in SQL over degrees. */
const greatCircleKm = (lat1: SQL, lon1: SQL, lat2: SQL, lon2: SQL) =>
  sql`(2 * 6371 * asin(least(1, sqrt(power(sin(radians((${lat2})::float8 - (${lat1})::float8) / 2), 2)
    + cos(radians((${lat1})::float8)) * cos(radians((${lat2})::float8))
      * power(sin(radians((${lon2})::float8 - (${lon1})::float8) / 2), 2)))))`;

/**
 * The franchisee a request made without one goes to (issue 22), one statement: of the company's live, active,
 * approved (status 1) franchisees with coordinates, those whose service_radius_km covers the address's latitude and
 * longitude (great-circle distance), the nearest; ties by name, then id. None when the address (live, the
 * company's) has no coordinates or no franchisee covers it.
 */
export async function nearestFranchisee(
  db: Executor,
  companyId: number,
  addressId: number,
): Promise<{ id: number; zone_id: number | null; km: number } | null> {
  const km = greatCircleKm(sql`a.latitude`, sql`a.longitude`, sql`f.latitude`, sql`f.longitude`);
  const [hit] = rowsOf<{ id: number; zone_id: number | null; km: number }>(
    await db.execute(sql`
      select f.id, f.zone_id, d.km
      from user_addresses a
      join franchisees f on f.company_id = a.company_id and f.deleted_at is null and f.is_active = 1
        and f.status = 1 and f.latitude is not null and f.longitude is not null
      cross join lateral (select ${km} as km) d
      where a.id = ${addressId} and a.company_id = ${companyId} and a.deleted_at is null
        and a.latitude is not null and a.longitude is not null and d.km <= f.service_radius_km
      order by d.km, f.name, f.id
      limit 1`),
  );
  return hit
    ? { id: Number(hit.id), zone_id: hit.zone_id == null ? null : Number(hit.zone_id), km: Number(hit.km) }
    : null;
}

/** A customer's live rows of the company (their pets, their addresses). */
const customersOwn = (ctx: Ctx, tb: typeof userPets | typeof userAddresses, userId: number) =>
  and(eq(tb.user_id, userId), eq(tb.company_id, requireCompany(ctx)), isNull(tb.deleted_at));

/** Whether an app user (role USER) is a customer: their position is CUSTOMER (a walker's is a staff position). */
const isCustomerCaller = (ctx: Ctx) =>
  ctx.roleName !== ROLE.USER || (ctx.positionName ?? "").trim().toUpperCase() === POSITION.CUSTOMER;

/** A customer: a live, active role-USER user of the company who is no franchisee's staff (a walker is not one). */
const customerRow = (tx: Tx, ctx: Ctx, userId: number) =>
  companyRow(tx, ctx, users, userId, {
    active: true,
    where: and(eq(users.role_id, ROLE_IDS[ROLE.USER]), isNull(users.franchisee_id)),
  });

/** The create's checks; returns the row's values (the scope stamps company, franchisee and, for an app user, user). */
async function checkCreate(tx: Tx, ctx: Ctx, input: Create, errors: FieldErrors) {
  const fromApp = ctx.roleName === ROLE.USER;
  if (!isCustomerCaller(ctx)) throw new AppError(403, MONTHLY_MESSAGES.customersOnly);
  const userId = fromApp ? ctx.userId : input.user_id;
  if (userId == null) errors.user_id ??= MONTHLY_MESSAGES.customerRequired;
  else if (!fromApp && !(await customerRow(tx, ctx, userId))) errors.user_id ??= MONTHLY_MESSAGES.customer;

  if (userId != null && !errors.user_id) {
    const own = eq(userAddresses.user_id, userId);
    if (!(await companyRow(tx, ctx, userAddresses, input.user_address_id, { where: own })))
      errors.user_address_id ??= MONTHLY_MESSAGES.address;
    // Each pet the customer's own, none twice.
    const pets = await tx
      .select({ id: userPets.id })
      .from(userPets)
      .where(and(inArray(userPets.id, input.user_pet_ids), customersOwn(ctx, userPets, userId)));
    if (pets.length !== input.user_pet_ids.length) errors.user_pet_ids ??= MONTHLY_MESSAGES.pets;
  }

  const plan = await planOf(tx, ctx, input.plan_id);
  if (!plan || plan.is_active !== 1) errors.plan_id ??= MONTHLY_MESSAGES.plan;
  else if (!errors.user_pet_ids && input.user_pet_ids.length !== plan.no_of_dogs)
    errors.user_pet_ids ??= MONTHLY_MESSAGES.petsCount(plan.no_of_dogs);

  const span = dayNumber(input.end_date) - dayNumber(input.start_date);
  if (span < 0) errors.end_date ??= MONTHLY_MESSAGES.endBeforeStart;
  else if (span + 1 > MAX_REQUEST_DAYS) errors.end_date ??= MONTHLY_MESSAGES.tooLong;
  const month = input.month ?? Number(input.start_date.slice(5, 7));
  const year = input.year ?? Number(input.start_date.slice(0, 4));
  if (month !== Number(input.start_date.slice(5, 7)) || year !== Number(input.start_date.slice(0, 4)))
    errors.month ??= MONTHLY_MESSAGES.monthMismatch;

  let franchiseeId = input.franchisee_id;
  if (ctx.franchiseeId != null) {
    if (franchiseeId != null && franchiseeId !== ctx.franchiseeId)
      errors.franchisee_id ??= MONTHLY_MESSAGES.ownFranchisee;
    franchiseeId = ctx.franchiseeId;
  }
  // The zone follows the franchisee (its zone, when it has one): its master franchisee then sees the request.
  let zoneId = input.zone_id;
  if (franchiseeId == null && !errors.user_id && !errors.user_address_id) {
    const near = await nearestFranchisee(tx, requireCompany(ctx), input.user_address_id);
    if (near) [franchiseeId, zoneId] = [near.id, near.zone_id ?? zoneId];
  } else if (franchiseeId != null) {
    const f = await companyRow(tx, ctx, franchisees, franchiseeId, { active: true });
    if (!f) errors.franchisee_id ??= MONTHLY_MESSAGES.franchisee;
    else zoneId = f.zone_id ?? zoneId;
  }
  if (input.zone_id != null) await checkZone(tx, ctx, input.zone_id, errors);

  return {
    ...(fromApp ? {} : { user_id: userId }),
    user_address_id: input.user_address_id,
    plan_id: input.plan_id,
    month,
    year,
    start_date: input.start_date,
    end_date: input.end_date,
    zone_id: zoneId,
    franchisee_id: franchiseeId,
    is_active: input.is_active,
    status: MONTHLY_APPROVAL.PENDING,
    franchisee_approval_status: MONTHLY_APPROVAL.PENDING,
  };
}

type Patch = Partial<z.output<typeof monthlyRequestUpdateSchema>>;

const same = (a: unknown, b: unknown) => (a ?? null) === (b ?? null);

/**
 * The edit's role rules (spec 002 §4), on the values the record will hold:
 * - franchisee approval, timeslot, timeslot 2 and remark: a FRANCHISEE ADMIN only; status: holders of `.approve`
 *   (ADMIN, SUPER ADMIN) only — anyone else sending a changed value gets 403 (sending back the loaded one passes);
 * - the status only once the franchisee has decided, and not approved over the franchisee's rejection (422);
 * - franchisee approval 1 needs a walker of the request's franchisee and a timeslot (and a second, later one when
 *   the plan has two walks a day); 2 needs a remark (422 by field);
 * - the franchisee only by a caller of no franchisee and no zones, and only while the franchisee has not decided.
 */
async function decisionRules(tx: Tx, ctx: Ctx, before: Row, input: Patch, errors: FieldErrors) {
  // Spec 002 §4's field rules, declared with each step (fieldsByRole): another's changed value answers 403.
  let patch = guardFields(franchiseeStep, ctx, before, input) as Patch;
  patch = guardFields(statusStep, ctx, before, patch) as Patch;
  const changed = (k: keyof Patch) => patch[k] !== undefined && !same(patch[k], before[k as keyof Row]);
  if (changed("franchisee_id")) {
    if (ctx.franchiseeId != null || ctx.zoneIds != null) throw forbidden();
    if (before.franchisee_approval_status !== MONTHLY_APPROVAL.PENDING)
      errors.franchisee_id ??= MONTHLY_MESSAGES.franchiseeDecided;
    else if (patch.franchisee_id != null) {
      const f = await companyRow(tx, ctx, franchisees, patch.franchisee_id, { active: true });
      if (!f) errors.franchisee_id ??= MONTHLY_MESSAGES.franchisee;
      // The zone follows the franchisee (issue 22): its master franchisee then sees the request.
      else if (f.zone_id != null) patch.zone_id = f.zone_id;
    }
  }
  if (changed("zone_id")) await checkZone(tx, ctx, patch.zone_id ?? null, errors);

  const after = { ...before, ...patch } as Row;
  if (changed("status") && after.franchisee_approval_status === MONTHLY_APPROVAL.PENDING)
    errors.status ??= MONTHLY_MESSAGES.statusWhilePending;
  else if (
    changed("status") &&
    after.status === MONTHLY_APPROVAL.APPROVED &&
    after.franchisee_approval_status === MONTHLY_APPROVAL.REJECTED
  )
    errors.status ??= MONTHLY_MESSAGES.franchiseeRejected;
  const approving =
    after.franchisee_approval_status === MONTHLY_APPROVAL.APPROVED &&
    before.franchisee_approval_status !== MONTHLY_APPROVAL.APPROVED;
  await approvalNeeds(tx, ctx, before, after, errors, changed("walker_id") || approving);
  return patch;
}

/** What a franchisee approval (1) or rejection (2) needs of the values the record will hold. */
async function approvalNeeds(
  tx: Tx,
  ctx: Ctx,
  before: Row,
  after: Row,
  errors: FieldErrors,
  walkerChanged: boolean,
) {
  const plan = await planOf(tx, ctx, after.plan_id);
  const twoWalks = plan?.no_of_walks === 2;
  if (after.timeslot_2 != null && !twoWalks && before.timeslot_2 == null)
    errors.timeslot_2 ??= MONTHLY_MESSAGES.timeslot2OneWalk;
  if (after.timeslot_2 != null && after.timeslot != null && after.timeslot_2 <= after.timeslot)
    errors.timeslot_2 ??= MONTHLY_MESSAGES.timeslot2Order;
  if (after.franchisee_approval_status === MONTHLY_APPROVAL.APPROVED) {
    if (after.walker_id == null) errors.walker_id ??= MONTHLY_MESSAGES.walkerRequired;
    if (after.timeslot == null) errors.timeslot ??= MONTHLY_MESSAGES.timeslotRequired;
    if (twoWalks && after.timeslot_2 == null) errors.timeslot_2 ??= MONTHLY_MESSAGES.timeslot2Required;
  }
  if (walkerChanged && after.walker_id != null && !errors.walker_id) {
    if (!(await isWalkerOf(tx, requireCompany(ctx), after.franchisee_id, after.walker_id)))
      errors.walker_id ??= MONTHLY_MESSAGES.walker;
  }
  if (after.franchisee_approval_status === MONTHLY_APPROVAL.REJECTED && !after.remark)
    errors.remark ??= MONTHLY_MESSAGES.remarkRequired;
}

/** How many walks of a request each walker had (taken from them, or still theirs). */
type ByWalker = { walker_id: number; n: number }[];
/** Its numbers as numbers (a driver may answer them as text). */
const numbered = (rows: ByWalker): ByWalker =>
  rows.map((x) => ({ walker_id: Number(x.walker_id), n: Number(x.n) }));

/** Walks not begun and still ahead (India's day and time), of one request's live plans. */
function aheadAndNotStarted(now: Date) {
  const { date, time } = indiaNow(now);
  return sql`w.deleted_at is null and w.status in (${sql.join(
    NOT_STARTED.map((s) => sql`${s}::int`),
    sql`, `,
  )}) and (w.date > ${date}::date or (w.date = ${date}::date and w.timeslot > ${time}::time))`;
}

/**
 * A request whose walks are no longer due (rejected by the admin or the franchisee, set back to pending, deleted):
 * its plans from today on that have not begun — every walk not started and still ahead — are soft-deleted with
 * their walks, which frees their dates for a later approval to generate again. Plans already begun stay.
 */
export async function withdrawWalks(tx: Executor, requestId: number, userId: number, now: Date = new Date()) {
  const { date } = indiaNow(now);
  const res = await tx.execute(sql`
    with gone as (
      select p.id from daily_job_plans p
      where p.user_monthly_job_request_id = ${requestId} and p.deleted_at is null and p.date >= ${date}::date
        and not exists (select 1 from daily_job_plan_walks w
          where w.daily_job_plan_id = p.id and not (${aheadAndNotStarted(now)}) and w.deleted_at is null)
    ), walks as (
      update daily_job_plan_walks set deleted_at = now(), deleted_by = ${userId}
      where daily_job_plan_id in (select id from gone) and deleted_at is null returning id, walker_id
    ), dropped as (
      update daily_job_plans set deleted_at = now(), deleted_by = ${userId}
      where id in (select id from gone) returning id
    )
    select (select count(*) from dropped)::int as plans, (select count(*) from walks)::int as walks,
      (select coalesce(json_agg(json_build_object('walker_id', x.walker_id, 'n', x.n)), '[]'::json)
        from (select walker_id, count(*)::int as n from walks where walker_id is not null group by walker_id) x)
        as by_walker`);
  const r = rowsOf<{ plans: number; walks: number; by_walker: ByWalker | string | null }>(res)[0];
  const byWalker = numbered(jsonOf(r?.by_walker ?? null) ?? []);
  return { plans: Number(r?.plans ?? 0), walks: Number(r?.walks ?? 0), byWalker };
}

/** The walkers whose walks a withdrawal took hear it once each, naming the customer, the month and why. */
async function tellWithdrawn(tx: Executor, row: Row, byWalker: ByWalker, why: string) {
  if (!byWalker.length) return;
  const f = await requestFacts(tx, row);
  await notify(
    f.taken(byWalker, (n) => ` (${f.pets}) ${n === 1 ? "is" : "are"} no longer yours: ${why}`),
    tx,
  );
}

/** New timeslots: the walks not begun and still ahead take them (walk 1 the first, walk 2 the second). */
async function retimeWalks(tx: Executor, after: Row, now: Date = new Date()) {
  await tx.execute(sql`
    update daily_job_plan_walks w set timeslot = case when w.walk_no = 2 then ${after.timeslot_2}::time
        else ${after.timeslot}::time end, updated_at = now()
    from daily_job_plans p
    where w.daily_job_plan_id = p.id and p.user_monthly_job_request_id = ${after.id} and p.deleted_at is null
      and ${aheadAndNotStarted(now)}
      and (w.walk_no = 1 or ${after.timeslot_2}::time is not null)`);
}

/**
 * What a request's notifications name (one read): its customer, franchisee, walker, plan, address and pets, the
 * phrases they repeat (the month, ", at <address>", " (<franchisee>)", the dates, the timeslots), and `note`: one
 * notification of the request's company, linking to the request unless told otherwise.
 */
async function requestFacts(db: Executor, row: Row) {
  const f = await listRowById(db, requestList, row.id, {
    customer: customerName,
    franchisee: franchisees.name,
    walker: walkerName,
    plan: planNameOf,
    address: userAddresses.address,
    located: sql<boolean>`(${userAddresses.latitude} is not null and ${userAddresses.longitude} is not null)`,
    pets: petsText,
  });
  const petNames = (f?.pets ?? "").replace(/ \([^)]*\)/g, "");
  const link = `/user-monthly-job-requests/${encodeId(row.id)}`;
  const [customer, month] = [f?.customer ?? "A customer", monthLabel(row.month, row.year)];
  const note = (userId: number, title: string, body: string, to: string | null = link): NewNotification => ({
    userId,
    companyId: row.company_id,
    title,
    body,
    link: to,
  });
  return {
    customer,
    franchisee: f?.franchisee ?? null,
    walker: f?.walker ?? null,
    plan: f?.plan ?? null,
    address: f?.address ?? null,
    located: f?.located === true || (f?.located as unknown) === "t",
    pets: petNames || "your pets",
    month,
    at: f?.address ? `, at ${f.address}` : "",
    by: f?.franchisee ? ` (${f.franchisee})` : "",
    days: `from ${dayLabel(row.start_date)} to ${dayLabel(row.end_date)}`,
    slots: [row.timeslot, row.timeslot_2].flatMap((x) => (x ? [x.slice(0, 5)] : [])).join(" and "),
    plansLink: `/daily-job-plans?user_monthly_job_request_id=${encodeId(row.id)}`,
    note,
    /** The walkers walks were taken from, one notification each: "<n walks> of <customer> for <month><tail>." */
    taken: (byWalker: ByWalker, tail: (n: number) => string) =>
      byWalker.map(({ walker_id, n }) =>
        note(
          walker_id,
          MONTHLY_MESSAGES.walksTaken(n),
          `${walksCount(n)} of ${customer} for ${month}${tail(n)}.`,
          "/notifications",
        ),
      ),
  };
}

async function userName(db: Executor, id: number | null): Promise<string | null> {
  if (id == null) return null;
  const [u] = await db
    .select({ name: userNameOf(users) })
    .from(users)
    .where(eq(users.id, id));
  return u?.name ?? null;
}

/** The walkers who have walks of the request not begun and still ahead, other than `except`: how many each. */
async function walkersAhead(tx: Executor, requestId: number, except: number, now: Date) {
  const rows = rowsOf<ByWalker[number]>(
    await tx.execute(sql`
      select w.walker_id, count(*)::int as n from daily_job_plan_walks w
      join daily_job_plans p on p.id = w.daily_job_plan_id
      where p.user_monthly_job_request_id = ${requestId} and p.deleted_at is null and ${aheadAndNotStarted(now)}
        and w.walker_id is not null and w.walker_id <> ${except}
      group by w.walker_id`),
  );
  return numbered(rows);
}

/**
 * What a save leaves behind, in its transaction: a walker change moves the walks ahead to the new walker; new
 * timeslots retime them; a request whose walks are due (franchisee-approved with a walker and timeslot, not
 * rejected) gets its plans and walks generated (idempotent); one no longer due has its plans not yet begun
 * withdrawn. Who hears of it (issue 22), one notification per person: the new walker of the walks moved or
 * generated for them, the walker the walks were taken from, and the customer of each decision (the franchisee's
 * acceptance, the final approval, a rejection with its reason) or, without one, of a walker set or changed.
 * Returns the row as it now is.
 */
async function afterSave(tx: Tx, ctx: Ctx, before: Row, written: Row): Promise<Row> {
  const now = new Date();
  const generated = before.walks_generated_at != null;
  const walkerChanged = written.walker_id != null && written.walker_id !== before.walker_id;
  const f = await requestFacts(tx, written);
  const notes: NewNotification[] = [];

  if (generated && walkerChanged) {
    const from = await walkersAhead(tx, written.id, written.walker_id!, now);
    const { walkIds } = await moveFutureWalks(tx, written.id, written.walker_id!, now);
    if (walkIds.length) {
      const n = walkIds.length;
      notes.push(
        f.note(
          written.walker_id!,
          MONTHLY_MESSAGES.walksMoved(n),
          `${walksCount(n)} of ${f.customer} for ${f.month} (${f.pets}, ${f.slots}${f.at}) are now yours${f.by}.`,
          f.plansLink,
        ),
        ...f.taken(from, () => ` moved to ${f.walker ?? "another walker"}${f.by}`),
      );
    }
  }
  if (generated && (!same(before.timeslot, written.timeslot) || !same(before.timeslot_2, written.timeslot_2)))
    await retimeWalks(tx, written, now);
  if (walksDue(written)) {
    const made = await generateWalks(tx, written.id, now);
    if (made.walks > 0 && written.walker_id != null)
      notes.push(
        f.note(
          written.walker_id,
          MONTHLY_MESSAGES.walksAssigned(made.walks),
          `${walksCount(made.walks)} of ${f.customer} for ${f.month}: ${f.pets}, ${f.slots}, ${f.days}${f.at}${f.by}.`,
          f.plansLink,
        ),
      );
  } else if (generated && walksDue(before)) {
    const { byWalker } = await withdrawWalks(tx, written.id, ctx.userId, now);
    const declined = written.status === REJECTED || written.franchisee_approval_status === REJECTED;
    const why = declined ? "the request was declined" : "the request is no longer approved";
    await tellWithdrawn(tx, written, byWalker, why);
  }

  // The customer: one notification for this save (a decision, else a walker set or changed).
  const decided = (b: number, a: number) => a !== b && (a === APPROVED || a === REJECTED);
  const walkerText = f.walker ? `${f.walker}${f.by}` : null;
  const reason = written.remark ? `: ${written.remark}` : ".";
  const who = f.franchisee ?? "The franchisee";
  const old = walkerChanged ? await userName(tx, before.walker_id) : null;
  const [title, body] = decided(before.status, written.status)
    ? written.status === APPROVED
      ? [
          MONTHLY_MESSAGES.customerApproved,
          `Your walks for ${f.month} are confirmed: ${walkerText ?? "your walker will be assigned"}, ${f.slots || "timeslot to be set"}. From ${dayLabel(written.start_date)} to ${dayLabel(written.end_date)}.`,
        ]
      : [MONTHLY_MESSAGES.customerRejected, `Your request for ${f.month} was declined${reason}`]
    : decided(before.franchisee_approval_status, written.franchisee_approval_status)
      ? written.franchisee_approval_status === APPROVED
        ? [
            MONTHLY_MESSAGES.customerAccepted,
            `${who} accepted your request for ${f.month}; awaiting final approval.${walkerText ? ` Your walker: ${walkerText}, ${f.slots}.` : ""}`,
          ]
        : [MONTHLY_MESSAGES.customerRejected, `${who} declined your request for ${f.month}${reason}`]
      : walkerChanged
        ? [
            MONTHLY_MESSAGES.walkerChanged,
            old
              ? `${walkerText} now walks ${f.pets} for ${f.month}, instead of ${old}.`
              : `${walkerText} will walk ${f.pets} for ${f.month}, ${f.slots}.`,
          ]
        : [];
  if (title) notes.push(f.note(written.user_id, title, body));
  await notify(notes, tx);
  const [row] = await tx.select().from(t).where(eq(t.id, written.id));
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// The domain functions.

const get = getOf(monthlyRequestsDef);
/** A request as GET :id and the edit screen read it (the row with its detail). */
export type MonthlyRequestRecord = Awaited<ReturnType<typeof get>>;

const create = createOf(monthlyRequestsDef, async ({ ctx, tx, input, insert, errors }) => {
  // insert refuses the field errors checkCreate found (422), before writing.
  const row = await insert(await checkCreate(tx, ctx, input, errors));
  await tx
    .insert(userMonthlyJobRequestPets)
    .values(input.user_pet_ids.map((p) => ({ user_monthly_job_request_id: row.id, user_pet_id: p })));
  // Who hears of a new request, in the save's transaction: the franchisee's admins (issue 11), naming the customer,
  // month and plan; when no franchisee takes it, the company's admins (issue 22), naming the customer and address.
  const f = await requestFacts(tx, row);
  const at = f.address ? ` at ${f.address}` : "";
  const admins =
    row.franchisee_id != null
      ? await franchiseeAdminIds(tx, row.franchisee_id)
      : (await companyAdminIds(tx, row.company_id)).filter((id) => id !== ctx.userId);
  await notify(
    admins.map((userId) =>
      row.franchisee_id != null
        ? f.note(
            userId,
            MONTHLY_MESSAGES.newRequest,
            `${f.customer} asked for walks for ${f.month}${f.plan ? ` (${f.plan})` : ""}: ${f.pets}, ${f.days}${at}.`,
          )
        : f.note(
            userId,
            MONTHLY_MESSAGES.noFranchisee,
            `${f.customer} asked for walks for ${f.month}${at}, and ${f.located ? "no active franchisee's service area covers the address" : "the address has no coordinates to find a franchisee by"}. Choose the franchisee.`,
          ),
    ),
    tx,
  );
  return row;
});

const update = updateOf(monthlyRequestsDef, async ({ ctx, tx, before, patch, write, errors }) => {
  // write refuses the field errors decisionRules found (422), before writing.
  const written = await write(await decisionRules(tx, ctx, before, patch, errors));
  return afterSave(tx, ctx, before, written);
});

// ---------------------------------------------------------------------------------------------------------------
// The workflow: two steps on two columns (issue 25), one /api path per decision, the step chosen by who asks.

const STATES = UPPER_LABELS as Record<number, string>;
/** Approve / Reject of either step: the spec's confirmation (002 §2), the list's /api path, the walks after. */
const step = (label: "Approve" | "Reject", to: number) => ({
  label,
  from: [PENDING],
  to,
  path: `user_monthly_job_requests/${label.toLowerCase()}/:id`,
  summary:
    to === APPROVED
      ? "Approve a request: a franchisee admin sets the franchisee approval (with the walker and timeslot(s), sent or set before), an admin the status (once the franchisee has decided); 409 when no longer pending"
      : "Reject a request: a franchisee admin with a remark (franchisee approval 2), an admin the status (2); 409 when no longer pending",
  confirm: { title: MONTHLY_MESSAGES.confirm },
  success: to === APPROVED ? MONTHLY_MESSAGES.approved : MONTHLY_MESSAGES.rejected,
  // The walks follow as after an edit (generated, moved, or withdrawn on a rejection), and who hears of it.
  after: ({ ctx, tx, before, row }: DecisionArgs & { row: Record<string, unknown> }) =>
    afterSave(tx, ctx, before as Row, row as Row),
});
/** The inbox's view of a request, either step: the customer's name, who asked, its franchisee and its dates. */
const inbox = {
  label: "Monthly job request",
  title: sql<string | null>`(select coalesce(nullif(c.user_name, ''), c.first_name || ' ' || c.last_name)
  from users c where c.id = "user_monthly_job_requests"."user_id")`,
  summary: sql<string>`to_char(${t.start_date}, 'DD-MM-YYYY') || ' to ' || to_char(${t.end_date}, 'DD-MM-YYYY')`,
  askedBy: t.user_id,
  franchisee: t.franchisee_id,
};

/**
 * Step 1, the franchisee approval (`franchisee_approval_status`), a FRANCHISEE ADMIN's: Approve with the walker
 * and timeslot(s) chosen in the dialog (or already on the request; 422 by field without them), Reject with the
 * remark (required). The remark and timeslots are theirs to change in the edit form too (spec 002 §4).
 */
export const franchiseeStep = approvalOf({
  entity: monthlyRequestsDef,
  kind: "Monthly job request",
  field: t.franchisee_approval_status,
  states: STATES,
  pending: PENDING,
  reasonField: t.remark,
  reasonMessages: { required: MONTHLY_MESSAGES.remarkRequired },
  permission: "user_monthly_job_requests.update",
  deciders: isFranchiseeAdmin,
  notInState: MONTHLY_MESSAGES.notPending,
  fieldsByRole: {
    fields: ["franchisee_approval_status", "timeslot", "timeslot_2", "remark"],
    may: isFranchiseeAdmin,
  },
  transitions: {
    approve: {
      ...step("Approve", APPROVED),
      input: monthlyRequestUpdateSchema.pick({ walker_id: true, timeslot: true, timeslot_2: true }).shape,
      set: async ({ ctx, tx, before, input }) => {
        const chosen = Object.fromEntries(Object.entries(input).filter(([, v]) => v != null));
        const errors: FieldErrors = {};
        const after = { ...before, ...chosen, franchisee_approval_status: APPROVED } as Row;
        await approvalNeeds(tx, ctx, before as Row, after, errors, true);
        if (Object.keys(errors).length) throw invalid(errors);
        return chosen;
      },
    },
    reject: { ...step("Reject", REJECTED), reason: "required", reasonLabel: "Remark (Required)" },
  },
  inbox: { ...inbox, where: eq(t.status, PENDING) },
});

/** What an admin may not send with their decision: the walker, timeslots and remark are the franchisee's (403). */
const theirs = Object.fromEntries(
  ["walker_id", "timeslot", "timeslot_2", "remark"].map((k) => [k, z.unknown().optional()]),
);
const refuseTheirs = async ({ input }: DecisionArgs) => {
  if (Object.values(input).some((v) => v != null && v !== "")) throw forbidden();
};
/** The franchisee must have decided first (409); an admin approves only over the franchisee's approval. */
const decided = (ok: number[]) => ({
  field: "franchisee_approval_status",
  in: ok,
  status: 409 as const,
  message: (v: unknown) =>
    v === PENDING ? MONTHLY_MESSAGES.franchiseeFirst : MONTHLY_MESSAGES.franchiseeRejected,
});

/**
 * Step 2, the status (`status`), by holders of `.approve` (ADMIN, SUPER ADMIN) once the franchisee has decided:
 * Approve only over the franchisee's approval, Reject either way; no remark.
 */
export const statusStep = approvalOf({
  entity: monthlyRequestsDef,
  kind: "Monthly job request (final approval)",
  field: t.status,
  states: STATES,
  pending: PENDING,
  permission: "user_monthly_job_requests.approve",
  notInState: MONTHLY_MESSAGES.notPending,
  fieldsByRole: { fields: ["status"], may: isStatusApprover },
  transitions: {
    approve: { ...step("Approve", APPROVED), when: decided([APPROVED]), input: theirs, guard: refuseTheirs },
    reject: {
      ...step("Reject", REJECTED),
      when: decided([APPROVED, REJECTED]),
      input: theirs,
      guard: refuseTheirs,
    },
  },
  inbox: { ...inbox, where: ne(t.franchisee_approval_status, PENDING) },
});

/** The step the caller decides: a FRANCHISEE ADMIN the franchisee approval, a holder of `.approve` the status. */
export const monthlyStepOf = (ctx: Ctx) =>
  isFranchiseeAdmin(ctx) ? franchiseeStep : isStatusApprover(ctx) ? statusStep : null;

/** The list's Approve as the bench times it: the caller's step, with the values already on the request. */
export const monthlyRequestApprove = (ctx: Ctx, { id, ...input }: { id: number } & Record<string, unknown>) =>
  decide(ctx, monthlyStepOf(ctx) ?? statusStep, id, "approve", input);

export const monthlyRequestsCrud = {
  def: monthlyRequestsDef,
  list: listOf(monthlyRequestsDef),
  get,
  create,
  update,
  upsert: upsertOf(create, update),
  // Deleting a request withdraws its plans not yet begun; restoring one whose walks are due generates them again.
  delete: softDeleteOf(monthlyRequestsDef, {
    after: async ({ ctx, tx, row }) => {
      const { byWalker } = await withdrawWalks(tx, row.id, ctx.userId);
      await tellWithdrawn(tx, row, byWalker, "the request was deleted");
    },
  }),
  restore: restoreOf(monthlyRequestsDef, {
    after: async ({ tx, row }) => {
      if (walksDue(row)) await generateWalks(tx, row.id);
    },
  }),
  export: exportOf(monthlyRequestsDef),
};

/**
 * The approval dialog's walkers (a franchisee's admin approving a request): the request's franchisee's active
 * walkers, each with their live walks on the request's first day (times, HH:MM), the least busy first; and the
 * plan's walks a day with the request's timeslots (HH:MM), which the dialog starts from.
 */
export async function approvalWalkers(ctx: Ctx, id: number) {
  if (!isFranchiseeAdmin(ctx)) throw forbidden();
  const r = await get(ctx, id);
  const db = await getDb();
  const rows = rowsOf<{ id: number; user_name: string; times: string | null }>(
    await db.execute(sql`
      select ${users.id} as id, ${userNameOf(users)} as user_name, d.times
      from ${users}
      cross join lateral (select string_agg(to_char(w.timeslot, 'HH24:MI'), ',' order by w.timeslot) as times,
          count(*) as n
        from daily_job_plan_walks w
        where w.company_id = ${r.company_id} and w.walker_id = ${users.id} and w.date = ${r.start_date}::date
          and w.deleted_at is null and w.status <> 6) d
      where ${walkersWhere(r.company_id, r.franchisee_id)}
      order by d.n, 2, 1
      limit 200`),
  );
  return {
    date: r.start_date,
    walks_a_day: r.no_of_walks,
    timeslot: r.timeslot?.slice(0, 5) ?? null,
    timeslot_2: r.timeslot_2?.slice(0, 5) ?? null,
    walkers: rows.map((x) => ({
      id: Number(x.id),
      name: x.user_name,
      times: x.times ? x.times.split(",") : [],
      current: Number(x.id) === r.walker_id,
    })),
  };
}

export const monthlyRequestActions = {
  ...entityActions(monthlyRequestsCrud),
  /** The list's Approve / Reject (DecisionDialog): the caller's step; a franchisee's admin's walker is opaque. */
  ...approvalActions(monthlyStepOf, { ids: ["walker_id"] }),
  /** The approval dialog's walkers, with their walks on the request's first day (ids opaque). */
  walkers: recordAction(async (ctx, id) => {
    const r = await approvalWalkers(ctx, id);
    return { ...r, walkers: r.walkers.map((x) => ({ ...x, id: encodeId(x.id) })) };
  }),
  /** The create form's customer: their pets and addresses. */
  customerChoices: (userId: string) =>
    toActionResult(async () => {
      const s = await import("@/lib/platform/session");
      return customerChoices(await s.actionContext(), Number(userId));
    }),
};

// ---------------------------------------------------------------------------------------------------------------
// Masters.

/**
 * A customer's live pets (with breed) and addresses (the create form, masters with user_id), for a caller who may
 * create requests for them: an app user only for themselves, staff for a customer of the company. Anyone else's id
 * answers 404, like a missing one.
 */
async function customerChoices(ctx: Ctx, userId: number) {
  authorize(ctx, "user_monthly_job_requests.create");
  requireCompany(ctx);
  const db = await getDb();
  if (!(await customerInScope(db, ctx, userId))) throw notFound();
  const [pets, addresses] = await Promise.all([
    db
      .select({ id: userPets.id, name: userPets.name, breed: valueLists.description })
      .from(userPets)
      .leftJoin(valueLists, eq(valueLists.id, userPets.breed_id))
      .where(customersOwn(ctx, userPets, userId))
      .orderBy(asc(userPets.name), asc(userPets.id)),
    db
      .select({ id: userAddresses.id, address: userAddresses.address })
      .from(userAddresses)
      .where(customersOwn(ctx, userAddresses, userId))
      .orderBy(asc(userAddresses.id)),
  ]);
  return { pets, addresses };
}

/** An app user's name as the lists show it (userNameOf). */
const appUserName = ({ user: u }: Ctx) => u.user_name || `${u.first_name} ${u.last_name}`;

/** A customer the caller may look up (the kernel's customers source); an app user (role USER) only themselves. */
async function customerInScope(db: Executor, ctx: Ctx, userId: number): Promise<boolean> {
  if (!Number.isSafeInteger(userId) || userId <= 0) return false;
  if (ctx.roleName === ROLE.USER && userId !== ctx.userId) return false;
  const [hit] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), await customerScope(ctx)))
    .limit(1);
  return hit != null;
}

/**
 * GET masters?context=user_monthly_job_requests (spec 002 §7; optional franchisee_id, user_id, search, customers_after),
 * within the caller's scope:
 * - customers and walkers through the kernel's option sources (lib/options/option-sources.ts), searched on the
 *   server and keyset-paged: a page of customers by name (`search` finds others by name, email or phone,
 *   `customers_after` continues from `customers_next`); the franchisee's walkers (`franchisee_id`), or those of
 *   every franchisee in scope. An app user gets only themselves and no walkers;
 * - zones (a MASTER FRANCHISEE's own), plans (live, active, with their display name), franchisees in scope;
 * - with `user_id` (an app user: always their own), that customer's pets and addresses.
 * A `franchisee_id` or `user_id` outside the scope answers 404.
 */
export async function monthlyRequestMasters(ctx: Ctx, query: URLSearchParams) {
  const db = await getDb();
  const app = ctx.roleName === ROLE.USER;
  const raw = (k: string) => query.get(k) || undefined;
  const asked =
    raw("user_id") == null ? null : /^\d{1,10}$/.test(raw("user_id")!) ? Number(raw("user_id")) : 0;
  if (asked != null && !(await customerInScope(db, ctx, asked))) throw notFound();
  // An app user's own pets and addresses come without asking (a walker, no customer, has none).
  const userId = asked ?? (app && (await customerInScope(db, ctx, ctx.userId)) ? ctx.userId : null);
  const named = (p: OptionPage) => p.data.map((o) => ({ id: o.id, user_name: o.label }));
  const page = { limit: OPTIONS_MAX_LIMIT };
  const [customers, walkers, zones, planRows, franchiseeRows] = await Promise.all([
    app
      ? { data: userId == null ? [] : [{ id: userId, user_name: appUserName(ctx) }], next: null }
      : optionPage(ctx, "customers", { ...page, search: raw("search"), after: raw("customers_after") }).then(
          (p) => ({ data: named(p), next: p.next }),
        ),
    app
      ? []
      : optionPage(ctx, "staff", { ...page, params: { franchisee_id: raw("franchisee_id") } }).then(named),
    masterRows(ctx, ZONES_VALUE),
    planChoices(requireCompany(ctx)),
    db
      .select({ id: franchisees.id, name: franchisees.name })
      .from(franchisees)
      .where(franchiseesInScope(ctx))
      .orderBy(asc(franchisees.name), asc(franchisees.id)),
  ]);
  const own =
    userId != null && can(ctx, "user_monthly_job_requests.create")
      ? await customerChoices(ctx, userId)
      : null;
  return {
    customers: customers.data,
    customers_next: customers.next,
    zones: zones as MasterRow[],
    walkers,
    plans: planRows,
    franchisees: franchiseeRows,
    ...(own ? own : {}),
  };
}

export const monthlyMastersOutput = z.object({
  customers: z.array(z.object({ id: z.number(), user_name: z.string() })),
  customers_next: z.string().nullable(),
  zones: z.array(z.object({ id: z.number(), description: z.string() })),
  walkers: z.array(z.object({ id: z.number(), user_name: z.string() })),
  plans: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      no_of_dogs: z.number(),
      no_of_walks: z.number(),
      days: z.number(),
    }),
  ),
  franchisees: z.array(z.object({ id: z.number(), name: z.string() })),
  pets: z.array(z.object({ id: z.number(), name: z.string(), breed: z.string().nullable() })).optional(),
  addresses: z.array(z.object({ id: z.number(), address: z.string() })).optional(),
});

/** The company's live, active plans with their display name (a company has a handful). */
async function planChoices(companyId: number) {
  const db = await getDb();
  return db
    .select({
      id: plans.id,
      name: planName(tier.description),
      no_of_dogs: plans.no_of_dogs,
      no_of_walks: plans.no_of_walks,
      days: plans.days,
    })
    .from(plans)
    .leftJoin(tier, eq(tier.id, plans.tier_id))
    .where(and(eq(plans.company_id, companyId), isNull(plans.deleted_at), eq(plans.is_active, 1)))
    .orderBy(asc(plans.id));
}
