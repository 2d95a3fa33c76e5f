import "server-only";
import { and, asc, desc, eq, gte, inArray, isNull, lte, max, ne, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { z } from "zod";
import {
  dailyJobPlanWalks,
  dailyJobPlans,
  franchisees,
  leaveRequestWalks,
  userAddresses,
  userMonthlyJobRequests,
  userPets,
  users,
  valueLists,
} from "@/db/schema";
import { can, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor, type Tx } from "@/lib/platform/db";
import { zoneFilter } from "@/lib/platform/entity";
import { AppError, forbidden, invalid, notFound, zodFieldErrors } from "@/lib/platform/errors";
import { fileUrl } from "@/lib/platform/file-access";
import { imageFile, withFiles, type NewFile } from "@/lib/platform/files";
import { oncePerKey } from "@/lib/platform/idempotency";
import { parseIdParam } from "@/lib/platform/ids";
import { DEFAULT_PAGE_SIZE, rawParam, type RawParams } from "@/lib/platform/list";
import { notify } from "@/lib/platform/notifications";
import { formatDate, formatTime } from "@/lib/format";
import { ROLE } from "@/lib/platform/permissions";
import { parseDate } from "@/lib/operations/week-parity";
import { dailyJobPlansDef } from "./daily-job-plans";
import { indiaNow, NOT_STARTED, WALK_STATUS, WALK_STATUS_LABELS, walkStart } from "./common";

// Walks for the apps (issue 22): a customer's walks with their report cards, a walker's day (start, complete with
// distance, calories, a note and photos), the customer's rating. A walk is a row of daily_job_plan_walks; its id is
// the walk_id of customer walk requests.

/** Texts of the walks' rules. */
export const WALK_MESSAGES = {
  listed: "Walks loaded.",
  loaded: "Walk loaded.",
  started: "The walk has started.",
  completed: "The walk is completed.",
  rated: "Thank you for rating the walk.",
  notToday: "A walk can be started on its own date only.",
  notStartable: "Only a pending walk can be started.",
  notStarted: "Only a started walk can be completed.",
  notCompleted: "Only a completed walk can be rated.",
  alreadyRated: "This walk has already been rated.",
  rateWindow: "A walk can be rated within 7 days of its completion.",
  photosRequired: "The photos field is required.",
  photosMax: "The photos may not have more than 3 items.",
  date: "The date must be a date like 2026-11-25.",
  status: "The selected status is invalid.",
  request: "The selected monthly request is invalid.",
  rowsPerPage: "The rows per page must be between 1 and 100.",
  page: "The page must be a whole number from 1.",
} as const;

/** The stored files of a walk (its selfies and photos) are owned by this record name (lib/registry.ts). */
export const WALK_FILE_ENTITY = "daily_job_plan_walks";
/** The days after completion within which the customer may rate a walk. */
export const RATING_DAYS = 7;
/** Statuses a walk starts from: pending, and a reschedule approved (moved) or rejected (kept). */
export const STARTABLE: readonly number[] = [
  WALK_STATUS.PENDING,
  WALK_STATUS.RESCHEDULE_APPROVED,
  WALK_STATUS.RESCHEDULE_REJECTED,
];
export const MAX_WALK_PHOTOS = 3;
/** Rows of one page of the walks list (at most). */
export const MAX_WALK_ROWS = 100;

const w = dailyJobPlanWalks;
const p = dailyJobPlans;
const customer = alias(users, "walk_customer");
const walker = alias(users, "walk_walker");
const pet = alias(userPets, "walk_pet");
const pet2 = alias(userPets, "walk_pet_2");
const breed = alias(valueLists, "walk_breed");
const breed2 = alias(valueLists, "walk_breed_2");
const address = alias(userAddresses, "walk_address");
const defaultAddress = alias(userAddresses, "walk_default_address");
const originalWalker = alias(users, "walk_original_walker");

// ---------------------------------------------------------------------------------------------------------------
// Who sees which walks.

/**
 * The live walks (of live plans) the caller sees: an app user (role USER) the walks of their own plans (a customer)
 * and the walks assigned to them (a walker: walk.walker_id); the back office the walks of the daily job plans it
 * sees (the plans' scope: the company, a franchisee member's own franchisee), a MASTER FRANCHISEE those of their
 * zones' franchisees.
 */
function visibleWhere(ctx: Ctx): SQL {
  const companyId = requireCompany(ctx);
  // An app user's walks are found by their keys first (their plans' walks, and the walks assigned to them, each
  // through its own index), then read by id: `plan.user_id = me OR walk.walker_id = me` spans two tables, so no
  // index can serve it and it read every walk of the company (24 s at bench scale, 4 ms this way).
  const own =
    ctx.roleName === ROLE.USER
      ? sql`${w.id} = any(array(
          select w2.id from ${w} w2 join ${p} p2 on p2.id = w2.daily_job_plan_id
          where p2.company_id = ${companyId} and p2.user_id = ${ctx.userId} and p2.deleted_at is null
            and w2.deleted_at is null
          union
          select w3.id from ${w} w3
          where w3.company_id = ${companyId} and w3.walker_id = ${ctx.userId} and w3.deleted_at is null))`
      : and(
          dailyJobPlansDef.scope.where(ctx),
          // A MASTER FRANCHISEE: the walks of their zones' franchisees.
          zoneFilter(ctx, sql`(select f.zone_id from ${franchisees} f where f.id = ${w.franchisee_id})`),
        );
  return and(eq(w.company_id, companyId), isNull(w.deleted_at), isNull(p.deleted_at), own)!;
}

/** Whether the caller may see walk `id` (and so its selfies and photos): lib/registry.ts serves its files by this. */
export async function mayViewWalk(ctx: Ctx, id: number): Promise<boolean> {
  if (ctx.companyId == null) return false;
  if (!can(ctx, "walks.view") && !can(ctx, "daily_job_plans.view")) return false;
  const db = await getDb();
  const [hit] = await db
    .select({ id: w.id })
    .from(w)
    .innerJoin(p, eq(p.id, w.daily_job_plan_id))
    .where(and(eq(w.id, id), visibleWhere(ctx)))
    .limit(1);
  return !!hit;
}

/**
 * Whether the caller (an app user) has a live walk by walker `walkerId` among their own plans: then they may see the
 * walker's photo (walks answer walker.photo_url), though not the walker's user record.
 */
export async function customerSeesWalker(ctx: Ctx, walkerId: number): Promise<boolean> {
  if (ctx.roleName !== ROLE.USER || ctx.companyId == null) return false;
  const db = await getDb();
  const [hit] = await db
    .select({ id: w.id })
    .from(w)
    .innerJoin(p, eq(p.id, w.daily_job_plan_id))
    .where(
      and(
        eq(w.company_id, ctx.companyId),
        eq(w.walker_id, walkerId),
        eq(p.user_id, ctx.userId),
        isNull(w.deleted_at),
        isNull(p.deleted_at),
      ),
    )
    .limit(1);
  return !!hit;
}

// ---------------------------------------------------------------------------------------------------------------
// A walk as the apps read it.

const petSchema = z.object({
  id: z.number(),
  name: z.string(),
  breed: z.string().nullable().describe("The BREEDS master's description."),
  gender: z.string().nullable(),
  weight: z.number().nullable(),
  age: z.number().nullable(),
  photo_url: z.string().nullable().describe("The pet's photo (/api/files/...)."),
  temperament: z.string().nullable(),
  medical_notes: z.string().nullable(),
  vet_phone: z.string().nullable(),
});

/** The report card of a completed walk (null before). */
export const reportCardSchema = z.object({
  started_at: z.string().nullable().describe("ISO 8601."),
  completed_at: z.string().nullable().describe("ISO 8601."),
  duration_minutes: z.number().nullable().describe("The walk's actual minutes, as the walker reported them."),
  distance_covered: z.number().nullable().describe("Kilometres."),
  calories_burnt: z.number().nullable().describe("Kilocalories."),
  note: z.string().nullable().describe("The walker's note."),
  photo_urls: z.array(z.string()).describe("1-3 photos of the walk (/api/files/...)."),
  start_selfie_url: z.string().nullable(),
  end_selfie_url: z.string().nullable(),
  rating: z.number().nullable().describe("The customer's rating, 1-5."),
  feedback: z.string().nullable(),
  rated_at: z.string().nullable(),
});
export type ReportCard = z.infer<typeof reportCardSchema>;

export const appWalkSchema = z.object({
  id: z.number().describe("The walk's id (a customer walk request's walk_id)."),
  daily_job_plan_id: z.number(),
  user_monthly_job_request_id: z.number().nullable(),
  date: z.string().describe("YYYY-MM-DD (India)."),
  walk_no: z.number(),
  timeslot: z.string().describe("HH:MM (India)."),
  duration_minutes: z.number().describe("The planned minutes."),
  status: z
    .number()
    .describe("0 pending, 1 started, 2 completed, 3-5 reschedule pending/approved/rejected, 6 cancelled."),
  status_label: z.string(),
  pets: z.array(petSchema).describe("The plan's pet and pet 2."),
  walker: z
    .object({
      id: z.number(),
      first_name: z.string(),
      user_name: z.string().nullable(),
      photo_url: z.string().nullable(),
    })
    .nullable(),
  covering_for: z
    .object({ first_name: z.string(), user_name: z.string().nullable() })
    .nullable()
    .describe(
      "The walker on leave whose walk this is (it came to its walker through a leave's replacement).",
    ),
  owner: z.object({ first_name: z.string() }).describe("The customer, by first name only."),
  address: z
    .object({
      id: z.number(),
      address: z.string(),
      lat: z.number().nullable(),
      long: z.number().nullable(),
      pin_code: z.string().nullable(),
    })
    .nullable()
    .describe("The monthly request's address (a plan made by hand: the customer's default address)."),
  report: reportCardSchema.nullable().describe("The report card, once completed."),
});
export type AppWalk = z.infer<typeof appWalkSchema>;

const iso = (d: Date | string | null | undefined) =>
  d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();

/** The stored keys of a walk's photos (photo_paths: a JSON array of keys; anything else reads as none). */
export const photoKeysOf = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((k): k is string => typeof k === "string" && k !== "") : [];

/**
 * A walk's report card from its row (daily_job_plan_walks as selected): null unless it is completed. Reusable by
 * any screen reading walks straight from the table (the customer page).
 */
export function reportCardOf(row: {
  status: number;
  started_at: Date | string | null;
  completed_at: Date | string | null;
  actual_duration_minutes: number | null;
  distance_covered: number | null;
  calories_burnt: number | null;
  walker_note: string | null;
  photo_paths: unknown;
  start_selfie_path: string | null;
  end_selfie_path: string | null;
  rating: number | null;
  feedback: string | null;
  rated_at: Date | string | null;
}): ReportCard | null {
  if (row.status !== WALK_STATUS.COMPLETED) return null;
  return {
    started_at: iso(row.started_at),
    completed_at: iso(row.completed_at),
    duration_minutes: row.actual_duration_minutes,
    distance_covered: row.distance_covered,
    calories_burnt: row.calories_burnt,
    note: row.walker_note,
    photo_urls: photoKeysOf(row.photo_paths).map((k) => fileUrl(k)!),
    start_selfie_url: fileUrl(row.start_selfie_path),
    end_selfie_url: fileUrl(row.end_selfie_path),
    rating: row.rating,
    feedback: row.feedback,
    rated_at: iso(row.rated_at),
  };
}

/** A pet's columns for the walk (the plan's pet and pet 2, each with its breed). */
const petColumns = (t: typeof pet | typeof pet2, b: typeof breed | typeof breed2) => ({
  id: sql<number | null>`${t.id}`,
  name: sql<string | null>`${t.name}`,
  breed: sql<string | null>`${b.description}`,
  gender: sql<string | null>`${t.gender}`,
  weight: sql<number | null>`${t.weight}`.mapWith(t.weight),
  age: sql<number | null>`${t.age}`,
  photo_path: sql<string | null>`${t.photo_path}`,
  temperament: sql<string | null>`${t.temperament}`,
  medical_notes: sql<string | null>`${t.medical_notes}`,
  vet_phone: sql<string | null>`${t.vet_phone}`,
});

/**
 * The address of a plan: its monthly request's, else the customer's live default (at most one:
 * user_addresses_default_uq). The default is joined, not looked up in a sub-select inside the join condition: with the
 * sub-select the planner could not read the address by its key, and a customer's walks read the addresses table once
 * per walk (6.5 s for 2,464 walks at bench scale).
 */
const addressIdSql = sql<
  number | null
>`coalesce(${userMonthlyJobRequests.user_address_id}, ${defaultAddress.id})`;

function walksQuery(db: Executor, where: SQL) {
  return db
    .select({
      walk: w,
      user_monthly_job_request_id: p.user_monthly_job_request_id,
      owner_first_name: customer.first_name,
      walker: {
        id: walker.id,
        first_name: walker.first_name,
        user_name: walker.user_name,
        image_path: walker.image_path,
      },
      pet: petColumns(pet, breed),
      pet2: petColumns(pet2, breed2),
      address: {
        id: address.id,
        address: address.address,
        lat: address.latitude,
        long: address.longitude,
        pin_code: address.pin_code,
      },
    })
    .from(w)
    .innerJoin(p, eq(p.id, w.daily_job_plan_id))
    .innerJoin(customer, eq(customer.id, p.user_id))
    .leftJoin(walker, eq(walker.id, w.walker_id))
    .leftJoin(pet, eq(pet.id, p.user_pet_id))
    .leftJoin(breed, eq(breed.id, pet.breed_id))
    .leftJoin(pet2, eq(pet2.id, p.user_pet_2_id))
    .leftJoin(breed2, eq(breed2.id, pet2.breed_id))
    .leftJoin(userMonthlyJobRequests, eq(userMonthlyJobRequests.id, p.user_monthly_job_request_id))
    .leftJoin(
      defaultAddress,
      and(
        isNull(userMonthlyJobRequests.user_address_id),
        eq(defaultAddress.user_id, p.user_id),
        eq(defaultAddress.is_default, true),
        isNull(defaultAddress.deleted_at),
      ),
    )
    .leftJoin(address, eq(address.id, addressIdSql))
    .where(where);
}
type WalkQueryRow = Awaited<ReturnType<typeof walksQuery>>[number];

/**
 * Who each walk's walker covers for: the walker on leave it came from (leave_request_walks, the latest row whose
 * replacement is the walk's walker now).
 */
async function coveringFor(db: Executor, rows: { id: number; walker_id: number | null }[]) {
  const out = new Map<number, { first_name: string; user_name: string | null }>();
  const ids = rows.filter((r) => r.walker_id != null).map((r) => r.id);
  if (!ids.length) return out;
  const found = await db
    .select({
      walk_id: leaveRequestWalks.walk_id,
      replacement: leaveRequestWalks.replacement_user_id,
      first_name: originalWalker.first_name,
      user_name: originalWalker.user_name,
    })
    .from(leaveRequestWalks)
    .innerJoin(originalWalker, eq(originalWalker.id, leaveRequestWalks.original_walker_id))
    .where(inArray(leaveRequestWalks.walk_id, ids))
    .orderBy(asc(leaveRequestWalks.id));
  const walkerOf = new Map(rows.map((r) => [r.id, r.walker_id]));
  for (const f of found)
    if (f.replacement != null && f.replacement === walkerOf.get(f.walk_id))
      out.set(f.walk_id, { first_name: f.first_name, user_name: f.user_name });
  return out;
}

async function present(db: Executor, rows: WalkQueryRow[]): Promise<AppWalk[]> {
  const covering = await coveringFor(
    db,
    rows.map((r) => ({ id: r.walk.id, walker_id: r.walk.walker_id })),
  );
  const petOf = (x: WalkQueryRow["pet"]) =>
    x && x.id != null
      ? [
          {
            id: x.id,
            name: x.name ?? "",
            breed: x.breed,
            gender: x.gender,
            weight: x.weight,
            age: x.age,
            photo_url: fileUrl(x.photo_path),
            temperament: x.temperament,
            medical_notes: x.medical_notes,
            vet_phone: x.vet_phone,
          },
        ]
      : [];
  return rows.map((r) => ({
    id: r.walk.id,
    daily_job_plan_id: r.walk.daily_job_plan_id,
    user_monthly_job_request_id: r.user_monthly_job_request_id,
    date: r.walk.date,
    walk_no: r.walk.walk_no,
    timeslot: r.walk.timeslot.slice(0, 5),
    duration_minutes: r.walk.duration_minutes,
    status: r.walk.status,
    status_label: WALK_STATUS_LABELS[r.walk.status] ?? String(r.walk.status),
    pets: [...petOf(r.pet), ...petOf(r.pet2)],
    walker:
      r.walker && r.walker.id != null
        ? {
            id: r.walker.id,
            first_name: r.walker.first_name,
            user_name: r.walker.user_name,
            photo_url: fileUrl(r.walker.image_path),
          }
        : null,
    covering_for: covering.get(r.walk.id) ?? null,
    owner: { first_name: r.owner_first_name },
    address: r.address && r.address.id != null ? r.address : null,
    report: reportCardOf(r.walk),
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// The list and one walk.

export const walksQuerySchema = z.object({
  from_date: z.string().optional().describe("YYYY-MM-DD: walks on or after."),
  to_date: z.string().optional().describe("YYYY-MM-DD: walks on or before."),
  status: z.string().optional().describe("0-6, or several comma-separated (0,4)."),
  user_monthly_job_request_id: z.string().optional().describe("The walks of one monthly request."),
  page: z.string().optional().describe("1-based page number."),
  rowsPerPage: z
    .string()
    .optional()
    .describe(`Rows per page (default ${DEFAULT_PAGE_SIZE}, at most ${MAX_WALK_ROWS}).`),
});

const validDate = (s: string) => parseDate(s) != null;

function intParam(raw: RawParams, key: string, message: string, min: number, max: number): number | null {
  const v = rawParam(raw, key)?.trim();
  if (!v) return null;
  if (!/^\d{1,9}$/.test(v) || Number(v) < min || Number(v) > max) throw invalid({ [key]: message });
  return Number(v);
}

/** The list's filters (422 on a bad one). */
function filtersOf(raw: RawParams): SQL | undefined {
  const from = rawParam(raw, "from_date")?.trim();
  const to = rawParam(raw, "to_date")?.trim();
  if (from && !validDate(from)) throw invalid({ from_date: WALK_MESSAGES.date });
  if (to && !validDate(to)) throw invalid({ to_date: WALK_MESSAGES.date });
  const statusRaw = rawParam(raw, "status")?.trim();
  let statuses: number[] | null = null;
  if (statusRaw) {
    statuses = statusRaw
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)
      .map(Number);
    if (
      !statuses.length ||
      statuses.length > 7 ||
      statuses.some((s) => !Number.isInteger(s) || s < 0 || s > 6)
    )
      throw invalid({ status: WALK_MESSAGES.status });
  }
  const reqRaw = rawParam(raw, "user_monthly_job_request_id")?.trim();
  let requestId: number | null = null;
  if (reqRaw) {
    requestId = parseIdParam(reqRaw);
    if (requestId == null || requestId > 2_147_483_647)
      throw invalid({ user_monthly_job_request_id: WALK_MESSAGES.request });
  }
  return and(
    from ? gte(w.date, from) : undefined,
    to ? lte(w.date, to) : undefined,
    statuses ? inArray(w.status, statuses) : undefined,
    requestId != null ? eq(p.user_monthly_job_request_id, requestId) : undefined,
  );
}

export type WalkList = {
  data: AppWalk[];
  count: number;
  count_estimated: boolean;
  next_cursor: null;
  prev_cursor: null;
};

/**
 * The walks the caller sees (visibleWhere), filtered; India's today first (by timeslot), then the days ahead (nearest
 * first), then the past (latest first). Numbered pages (page, rowsPerPage up to 100).
 */
export async function listWalks(ctx: Ctx, raw: RawParams): Promise<WalkList> {
  if (!can(ctx, "walks.list")) throw forbidden();
  const where = and(visibleWhere(ctx), filtersOf(raw))!;
  const page = intParam(raw, "page", WALK_MESSAGES.page, 1, 100_000) ?? 1;
  const rowsPerPage = Math.min(
    intParam(raw, "rowsPerPage", WALK_MESSAGES.rowsPerPage, 1, 1_000_000) ?? DEFAULT_PAGE_SIZE,
    MAX_WALK_ROWS,
  );
  const today = indiaNow().date;
  const db = await getDb();
  const rows = await walksQuery(db, where)
    .orderBy(
      sql`case when ${w.date} = ${today} then 0 when ${w.date} > ${today} then 1 else 2 end`,
      sql`case when ${w.date} >= ${today} then ${w.date} end asc`,
      desc(w.date),
      sql`case when ${w.date} >= ${today} then ${w.timeslot} end asc`,
      desc(w.timeslot),
      asc(w.id),
    )
    .limit(rowsPerPage)
    .offset((page - 1) * rowsPerPage);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(w)
    .innerJoin(p, eq(p.id, w.daily_job_plan_id))
    .where(where);
  return {
    data: await present(db, rows),
    count: n,
    count_estimated: false,
    next_cursor: null,
    prev_cursor: null,
  };
}

/** One walk the caller sees (404 otherwise, exactly like a missing one). */
export async function getWalk(ctx: Ctx, id: number): Promise<AppWalk> {
  if (!can(ctx, "walks.view")) throw forbidden();
  const db = await getDb();
  const rows = await walksQuery(db, and(eq(w.id, id), visibleWhere(ctx))!).limit(1);
  if (!rows.length) throw notFound();
  return (await present(db, rows))[0];
}

/** The walk as the apps read it, whoever may now see it (after a change by its walker or customer). */
async function readWalk(id: number): Promise<AppWalk> {
  const db = await getDb();
  return (await present(db, await walksQuery(db, eq(w.id, id)).limit(1)))[0];
}

// ---------------------------------------------------------------------------------------------------------------
// The walker's day.

type Role = "walker" | "customer";

/**
 * The caller's own live walk, locked for the change: `walker` the walk's walker (a walk moved to another walker is
 * no longer theirs), `customer` the customer of its plan. Anything else answers 404.
 */
async function lockOwnWalk(tx: Executor, ctx: Ctx, id: number, role: Role, lock = true) {
  const companyId = requireCompany(ctx);
  const q = tx
    .select({ walk: w, plan_user_id: p.user_id, plan_status: p.status })
    .from(w)
    .innerJoin(p, eq(p.id, w.daily_job_plan_id))
    .where(
      and(
        eq(w.id, id),
        eq(w.company_id, companyId),
        isNull(w.deleted_at),
        isNull(p.deleted_at),
        role === "walker" ? eq(w.walker_id, ctx.userId) : eq(p.user_id, ctx.userId),
      ),
    )
    .limit(1);
  const [row] = lock ? await q.for("update", { of: w }) : await q;
  if (!row) throw notFound();
  return row;
}

/** 404 unless walk `id` is the caller's own (as its walker or its customer): checked before the body is read. */
async function assertOwnWalk(ctx: Ctx, id: number, role: Role): Promise<void> {
  await lockOwnWalk(await getDb(), ctx, id, role, false);
}

const statusText = (s: number) => (WALK_STATUS_LABELS[s] ?? String(s)).toLowerCase();

/** A selfie or photo, checked and re-encoded before anything is stored (422 under its field). */
async function prepared(file: File, field: string): Promise<NewFile> {
  const r = await imageFile(file);
  if (!r.ok) throw invalid({ [field]: r.message });
  return r.file;
}

/**
 * Starts the caller's own walk (its walker only; 404 otherwise), on its date in India only, from pending or a
 * decided reschedule (409 otherwise); an optional selfie (an image, re-encoded) becomes its start selfie. The walk
 * goes to started, its plan to in progress.
 */
export async function startWalk(
  ctx: Ctx,
  id: number,
  selfie?: File | null,
  o: { idempotencyKey?: string } = {},
): Promise<AppWalk> {
  if (!can(ctx, "walks.start")) throw forbidden();
  const companyId = requireCompany(ctx);
  await assertOwnWalk(ctx, id, "walker");
  const file = selfie ? await prepared(selfie, "selfie") : null;
  const db = await getDb();
  const once = {
    key: o.idempotencyKey,
    entity: "walks.start",
    raw: { id, selfie },
    replay: () => readWalk(id),
  };
  return oncePerKey(ctx, once, async ({ claim, settle }) => {
    await withFiles(ctx, `walks/${id}`, file ? { start_selfie: file } : {}, (staged) =>
      db.transaction(async (tx) => {
        await claim(tx);
        const { walk } = await lockOwnWalk(tx, ctx, id, "walker");
        if (!STARTABLE.includes(walk.status))
          throw new AppError(409, `${WALK_MESSAGES.notStartable} This walk is ${statusText(walk.status)}.`);
        if (walk.date !== indiaNow().date) throw new AppError(409, WALK_MESSAGES.notToday);
        const now = new Date();
        await tx
          .update(w)
          .set({
            status: WALK_STATUS.STARTED,
            started_at: now,
            ...(file ? { start_selfie_path: staged.keys.start_selfie } : {}),
            updated_at: now,
            updated_by: ctx.userId,
          })
          .where(eq(w.id, id));
        await staged.attach(
          tx,
          { entity: WALK_FILE_ENTITY, id, companyId },
          file ? [walk.start_selfie_path] : [],
        );
        await tx
          .update(p)
          .set({ status: 1, updated_at: now, updated_by: ctx.userId })
          .where(and(eq(p.id, walk.daily_job_plan_id), eq(p.status, 0)));
        await settle(tx, id, undefined);
      }),
    );
    return readWalk(id);
  });
}

/**
 * A number field of a form or JSON body ("" and null read as absent): between min and max (a whole number with
 * `int`); `required` answers "The X field is required." when absent.
 */
function number<R extends boolean = false>(
  label: string,
  max: number,
  o: { int?: boolean; min?: number; required?: R } = {},
) {
  const min = o.min ?? 0;
  const msg = o.int
    ? `The ${label} must be a whole number between ${min} and ${max}.`
    : `The ${label} must be a number between ${min} and ${max}.`;
  return z.unknown().transform((v, c): R extends true ? number : number | undefined => {
    if (v === "" || v == null) {
      if (o.required) {
        c.addIssue({ code: "custom", message: `The ${label} field is required.` });
        return z.NEVER;
      }
      return undefined as never;
    }
    const n = typeof v === "number" ? v : typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : NaN;
    if (!Number.isFinite(n) || n < min || n > max || (o.int && !Number.isInteger(n))) {
      c.addIssue({ code: "custom", message: msg });
      return z.NEVER;
    }
    return n as never;
  });
}

/** What the walker reports on completion (JSON or multipart fields; the photos are files). */
export const completeWalkSchema = z.object({
  distance_covered: number("distance covered", 100, { required: true }).describe(
    "Kilometres walked (0-100).",
  ),
  calories_burnt: number("calories burnt", 10_000).optional().describe("Kilocalories (0-10000), optional."),
  duration: number("duration", 600, { int: true, min: 1 })
    .optional()
    .describe("The walk's actual minutes (1-600); default: the minutes since it started."),
  note: z
    .preprocess(
      (v) => (v == null ? undefined : typeof v === "string" ? v.trim() || undefined : v),
      z
        .string({ error: "The note must be a string." })
        .max(1000, "The note may not be greater than 1000 characters.")
        .optional(),
    )
    .describe("The walker's note to the customer (at most 1000 characters)."),
});

/** The photos sent as `photos` (repeated) or `photos[]`, in order. */
export function photosOf(lists: Record<string, File[]> | undefined, files: Record<string, File>): File[] {
  const from = (k: string) =>
    lists && Object.hasOwn(lists, k) ? lists[k] : Object.hasOwn(files, k) ? [files[k]] : [];
  return [...from("photos"), ...from("photos[]")];
}

/**
 * Completes the caller's own started walk (its walker only; 404 otherwise; 409 unless started): distance, calories,
 * duration and note, and one to three photos (images, re-encoded; the first is also the end selfie). All is checked
 * before a file is stored; a failure stores nothing. The plan is completed once all its live walks but cancelled
 * ones are; the customer gets the report card as a notification.
 */
export async function completeWalk(
  ctx: Ctx,
  id: number,
  body: unknown,
  photos: File[],
  o: { idempotencyKey?: string } = {},
): Promise<AppWalk> {
  if (!can(ctx, "walks.complete")) throw forbidden();
  const companyId = requireCompany(ctx);
  await assertOwnWalk(ctx, id, "walker");
  const parsed = completeWalkSchema.safeParse(body ?? {});
  const errors = parsed.success ? {} : zodFieldErrors(parsed.error.issues);
  if (!photos.length) errors.photos ??= WALK_MESSAGES.photosRequired;
  else if (photos.length > MAX_WALK_PHOTOS) errors.photos ??= WALK_MESSAGES.photosMax;
  if (Object.keys(errors).length) throw invalid(errors);
  const input = parsed.data!;
  const files: Record<string, NewFile> = {};
  for (const [i, f] of photos.entries()) files[`photo_${i + 1}`] = await prepared(f, `photos.${i}`);
  const db = await getDb();
  const once = {
    key: o.idempotencyKey,
    entity: "walks.complete",
    raw: { id, body, photos },
    replay: () => readWalk(id),
  };
  return oncePerKey(ctx, once, async ({ claim, settle }) => {
    await withFiles(ctx, `walks/${id}`, files, (staged) =>
      db.transaction(async (tx) => {
        await claim(tx);
        const { walk, plan_user_id } = await lockOwnWalk(tx, ctx, id, "walker");
        if (walk.status !== WALK_STATUS.STARTED)
          throw new AppError(409, `${WALK_MESSAGES.notStarted} This walk is ${statusText(walk.status)}.`);
        const now = new Date();
        const keys = Object.keys(files).map((k) => staged.keys[k]);
        const minutes =
          input.duration ??
          Math.min(
            600,
            Math.max(1, Math.round((now.getTime() - (walk.started_at?.getTime() ?? now.getTime())) / 60_000)),
          );
        await tx
          .update(w)
          .set({
            status: WALK_STATUS.COMPLETED,
            completed_at: now,
            distance_covered: input.distance_covered,
            calories_burnt: input.calories_burnt ?? null,
            actual_duration_minutes: minutes,
            walker_note: input.note ?? null,
            photo_paths: keys,
            end_selfie_path: keys[0],
            updated_at: now,
            updated_by: ctx.userId,
          })
          .where(eq(w.id, id));
        await staged.attach(tx, { entity: WALK_FILE_ENTITY, id, companyId }, [
          ...photoKeysOf(walk.photo_paths),
          walk.end_selfie_path,
        ]);
        // The plan is done when no live walk of it is left to walk (cancelled walks never will be).
        const [left] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(w)
          .where(
            and(
              eq(w.daily_job_plan_id, walk.daily_job_plan_id),
              isNull(w.deleted_at),
              ne(w.status, WALK_STATUS.COMPLETED),
              ne(w.status, WALK_STATUS.CANCELLED),
            ),
          );
        await tx
          .update(p)
          .set({ status: left.n === 0 ? 2 : 1, updated_at: now, updated_by: ctx.userId })
          .where(and(eq(p.id, walk.daily_job_plan_id), inArray(p.status, [0, 1])));
        const walkerName = ctx.user.first_name;
        const t = (d: Date | null) => (d ? formatTime(d) : "—");
        await notify(
          {
            userId: plan_user_id,
            companyId,
            title: `Your walk of ${formatDate(walk.date)} is done: the report card`,
            body: [
              `${walkerName} walked from ${t(walk.started_at)} to ${t(now)} (${minutes} min).`,
              `Distance: ${input.distance_covered} km.`,
              input.calories_burnt != null ? `Calories: ${input.calories_burnt} kcal.` : null,
              input.note ? `Note: ${input.note}` : null,
              `${keys.length} photo${keys.length === 1 ? "" : "s"} on the walk.`,
            ]
              .filter(Boolean)
              .join(" "),
            link: `/api/walks/${id}`,
          },
          tx,
        );
        await settle(tx, id, undefined);
      }),
    );
    return readWalk(id);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The customer's rating.

export const rateWalkSchema = z.object({
  rating: number("rating", 5, { int: true, min: 1, required: true }).describe("1-5."),
  feedback: z.preprocess(
    (v) => (v == null ? undefined : typeof v === "string" ? v.trim() || undefined : v),
    z
      .string({ error: "The feedback must be a string." })
      .max(1000, "The feedback may not be greater than 1000 characters.")
      .optional(),
  ),
});

/**
 * The customer rates their own completed walk (404 for anyone else): once (409 when rated), within RATING_DAYS of
 * its completion (409 after), 1-5 with optional feedback (422).
 */
export async function rateWalk(
  ctx: Ctx,
  id: number,
  body: unknown,
  o: { idempotencyKey?: string } = {},
): Promise<AppWalk> {
  if (!can(ctx, "walks.rate")) throw forbidden();
  await assertOwnWalk(ctx, id, "customer");
  const parsed = rateWalkSchema.safeParse(body ?? {});
  if (!parsed.success) throw invalid(zodFieldErrors(parsed.error.issues));
  const db = await getDb();
  const once = {
    key: o.idempotencyKey,
    entity: "walks.rating",
    raw: { id, body },
    replay: () => readWalk(id),
  };
  return oncePerKey(ctx, once, async ({ claim, settle }) => {
    await db.transaction(async (tx) => {
      await claim(tx);
      const { walk } = await lockOwnWalk(tx, ctx, id, "customer");
      if (walk.status !== WALK_STATUS.COMPLETED) throw new AppError(409, WALK_MESSAGES.notCompleted);
      if (walk.rated_at != null || walk.rating != null) throw new AppError(409, WALK_MESSAGES.alreadyRated);
      const now = new Date();
      if (walk.completed_at && now.getTime() - walk.completed_at.getTime() > RATING_DAYS * 86_400_000)
        throw new AppError(409, WALK_MESSAGES.rateWindow);
      await tx
        .update(w)
        .set({
          rating: parsed.data.rating,
          feedback: parsed.data.feedback ?? null,
          rated_at: now,
          updated_at: now,
          updated_by: ctx.userId,
        })
        .where(eq(w.id, id));
      await settle(tx, id, undefined);
    });
    return readWalk(id);
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Walk changes other workflows make (a customer's walk request: its status marks, an approved reschedule's move).

/** Sets a walk's status (stamps) when it is one of `from`. */
export async function setWalkStatus(
  tx: Executor,
  ctx: Ctx,
  walkId: number,
  status: number,
  from: readonly number[],
) {
  await tx
    .update(w)
    .set({ status, updated_at: new Date(), updated_by: ctx.userId })
    .where(and(eq(w.id, walkId), inArray(w.status, [...from])));
}

/**
 * A live walk of a live plan in the caller's reach, locked: an app user's own plans' walks, a franchisee member's
 * franchisee's walks, anyone else's company's. Null outside it.
 */
export async function lockWalkInReach(tx: Tx, ctx: Ctx, walkId: number) {
  const [walk] = await tx
    .select({
      id: w.id,
      date: w.date,
      timeslot: w.timeslot,
      status: w.status,
      franchisee_id: w.franchisee_id,
      plan_franchisee_id: p.franchisee_id,
      user_id: p.user_id,
      request_id: p.user_monthly_job_request_id,
    })
    .from(w)
    .innerJoin(p, eq(p.id, w.daily_job_plan_id))
    .where(
      and(
        eq(w.id, walkId),
        eq(w.company_id, requireCompany(ctx)),
        isNull(w.deleted_at),
        isNull(p.deleted_at),
        ctx.roleName === ROLE.USER ? eq(p.user_id, ctx.userId) : undefined,
        ctx.franchiseeId != null && ctx.roleName !== ROLE.USER
          ? eq(w.franchisee_id, ctx.franchiseeId)
          : undefined,
      ),
    )
    .for("update");
  return walk ?? null;
}

/**
 * The customer's live daily plan of `date` for the same monthly request as `plan` (none: their plans made by hand),
 * locked; made when there is none, copying the walker, pets and franchisee of `plan` (no holiday marked). Two
 * callers making it at once: the partial unique index (request, date) keeps one, which the other reads.
 */
export async function planOnDate(tx: Tx, ctx: Ctx, plan: typeof p.$inferSelect, date: string) {
  const existing = () =>
    tx
      .select()
      .from(p)
      .where(
        and(
          eq(p.company_id, plan.company_id),
          eq(p.user_id, plan.user_id),
          plan.user_monthly_job_request_id != null
            ? eq(p.user_monthly_job_request_id, plan.user_monthly_job_request_id)
            : isNull(p.user_monthly_job_request_id),
          isNull(p.deleted_at),
          eq(p.date, date),
        ),
      )
      .orderBy(asc(p.id))
      .limit(1)
      .for("update");
  const [found] = await existing();
  if (found) return found;
  const [made] = await tx
    .insert(p)
    .values({
      company_id: plan.company_id,
      user_monthly_job_request_id: plan.user_monthly_job_request_id,
      user_id: plan.user_id,
      franchisee_id: plan.franchisee_id,
      walker_id: plan.walker_id,
      user_pet_id: plan.user_pet_id,
      user_pet_2_id: plan.user_pet_2_id,
      date,
      status: 0,
      created_by: ctx.userId,
      updated_by: ctx.userId,
    })
    .onConflictDoNothing()
    .returning();
  return made ?? (await existing())[0];
}

/**
 * Moves a live walk not started to another date and timeslot (an approved reschedule): under the customer's plan of
 * that date (`planOnDate`), last of that plan's walks, the plan's walker, with `to.status`. 409 `messages.gone` when
 * the walk has started or is gone, `messages.passed` when the new date and time have passed. Answers the walk before
 * and after.
 */
export async function moveWalk(
  tx: Tx,
  ctx: Ctx,
  walkId: number,
  to: { date: string; timeslot: string; status: number },
  messages: { gone: string; passed: string },
) {
  const [walk] = await tx
    .select()
    .from(w)
    .where(and(eq(w.id, walkId), isNull(w.deleted_at)))
    .for("update");
  if (!walk || !NOT_STARTED.includes(walk.status)) throw new AppError(409, messages.gone);
  const [plan] = await tx.select().from(p).where(eq(p.id, walk.daily_job_plan_id)).for("update");
  if (walkStart(to.date, to.timeslot).getTime() <= Date.now()) throw new AppError(409, messages.passed);
  const target = await planOnDate(tx, ctx, plan, to.date);
  let walkNo = walk.walk_no;
  if (target.id !== plan.id) {
    const [last] = await tx
      .select({ n: max(w.walk_no) })
      .from(w)
      .where(and(eq(w.daily_job_plan_id, target.id), isNull(w.deleted_at)));
    walkNo = (last?.n ?? 0) + 1;
  }
  const [after] = await tx
    .update(w)
    .set({
      daily_job_plan_id: target.id,
      date: to.date,
      timeslot: to.timeslot,
      walk_no: walkNo,
      walker_id: target.walker_id ?? walk.walker_id,
      status: to.status,
      updated_at: new Date(),
      updated_by: ctx.userId,
    })
    .where(eq(w.id, walk.id))
    .returning();
  return { before: walk, after };
}
