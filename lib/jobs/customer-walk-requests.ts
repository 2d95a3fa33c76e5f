import "server-only";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import {
  customerWalkRequests,
  dailyJobPlans,
  dailyJobPlanWalks,
  plans,
  userMonthlyJobRequests,
  userPets,
  users,
  usersSearchText,
  walkRequestSearchText,
} from "@/db/schema";
import { formatDate } from "@/lib/format";
import { authorize, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor, type Tx } from "@/lib/platform/db";
import { approvalActions, approvalOf } from "@/lib/platform/approval";
import { crudOf, defineEntity, networkScope, restoreOf, softDeleteOf } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { AppError, invalid, notFound, type FieldErrors } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import {
  booleanFilter,
  dateRangeFilter,
  defineList,
  enumFilter,
  listRowById,
  type RowOf,
} from "@/lib/platform/list";
import { lockSaves } from "@/lib/platform/unique";
import { notify, type NewNotification } from "@/lib/platform/notifications";
import { readFigures } from "@/lib/platform/figures";
import { ROLE } from "@/lib/platform/permissions";
import { blankToNull, optionalDate, optionalText, requiredId } from "@/lib/platform/schemas";
import { franchiseeAdminIds, fullNameOf, NOT_STARTED, WALK_STATUS, walkStart } from "./common";
import { dayLabel, walkerText, walkFacts } from "./walk-notices";
import { lockWalkInReach, moveWalk, setWalkStatus } from "./walks";
import { hoursBefore, policyOf, quotaInfo, refundFor, walkPrice, type RescheduleInfo } from "./walk-policy";

// Customers' requests to reschedule or cancel one walk (spec 002 §2 Customer walk requests, §3, §4, §5, §7, §8, §9;
// issue 11). A customer (role USER) asks from the app for a walk of their own daily plans; the franchisee's admins
// hear of it and decide in the portal: a reschedule may be approved (the walk moves, in the same transaction) or
// rejected, a cancellation only rejected (§4). Hours before the walk, refund eligibility and amount are fixed when
// the request is made, from the company's policy (lib/jobs/walk-policy.ts).

export const WALK_REQUEST_TYPES = ["reschedule", "cancel"] as const;

export const REQUEST_TYPE_LABELS: Record<string, string> = {
  reschedule: "Reschedule",
  cancel: "Cancellation",
};
export const REQUEST_STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
};

/** The spec's texts (§5, §8) and this module's own (decisions). */
export const WALK_REQUEST_MESSAGES = {
  reasonRequired: "Reason is required for rejection.",
  notPending: "This request is no longer pending: only a pending request can be approved or rejected.",
  cancelNotApprovable: "A cancellation request cannot be approved: it can only be rejected.",
  walkStarted: "This walk has already started, been completed or been cancelled.",
  walkBegun: "This walk has already begun: a request is for a walk still to come.",
  pendingExists: "This walk already has a pending request.",
  newDateRequired: "The new date field is required for a reschedule.",
  newTimeslotRequired: "The new timeslot field is required for a reschedule.",
  newTimeslot: "The new timeslot must be a time like 17:30.",
  newPast: "The new date and time must be in the future.",
  newSame: "The new date and time are those of the walk already.",
  quota: (q: RescheduleInfo) =>
    `The reschedule quota of this plan is used up (${q.reschedules_used} of ${q.current_quota} used).`,
  walkGone: "The walk can no longer be moved: it has started, been completed, cancelled or deleted.",
  newPassed: "The new date and time have passed: reject the request instead.",
  approved: "Request approved successfully.",
  rejected: "Request rejected successfully.",
} as const;

const t = customerWalkRequests;
const w = dailyJobPlanWalks;
const p = dailyJobPlans;
const pet2 = alias(userPets, "cwr_pet_2");
const processor = alias(users, "cwr_processor");

// ---------------------------------------------------------------------------------------------------------------
// The create form (the app's POST).

const timeslot = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, WALK_REQUEST_MESSAGES.newTimeslot)
    .nullish()
    .transform((v) => (v ? v.slice(0, 5) : null)),
);

export const walkRequestCreateSchema = z.object({
  walk_id: requiredId("walk"),
  request_type: z.enum(WALK_REQUEST_TYPES, { error: "The request type must be reschedule or cancel." }),
  new_date: optionalDate("new date"),
  new_timeslot: timeslot,
  reason: optionalText("reason", 1000),
});

// ---------------------------------------------------------------------------------------------------------------
// The list.

const customerName = fullNameOf(users).as("customer_name");
const petName = sql<string | null>`nullif(concat_ws(', ', ${userPets.name}, ${pet2.name}), '')`.as(
  "pet_name",
);
const processedByName = fullNameOf(processor).as("processed_by_name");
/** Spec 002 §3's processed_by: the person {id, first_name, last_name} (its id is processed_by_id). */
const processedBy = sql<{
  id: number;
  first_name: string;
  last_name: string;
} | null>`case when ${processor.id}
  is null then null else json_build_object('id', ${processor.id}, 'first_name', ${processor.first_name},
  'last_name', ${processor.last_name}) end`;

const list = defineList({
  from: t,
  select: {
    id: t.id,
    request_type: t.request_type,
    status: t.status,
    user_id: t.user_id,
    customer_name: customerName,
    customer_phone: users.phone,
    customer_email: users.email,
    pet_name: petName,
    walk_id: t.walk_id,
    franchisee_id: t.franchisee_id,
    original_date: t.original_date,
    original_timeslot: t.original_timeslot,
    new_date: t.new_date,
    new_timeslot: t.new_timeslot,
    reason: t.reason,
    hours_before_walk: t.hours_before_walk,
    // Spec 002 §3's shapes, read by the portal and answered by the /api alike.
    refund_eligibility: sql<boolean>`${t.refund_eligibility} = 1`.as("refund_eligibility"),
    refund_percent: t.refund_percent,
    refund_amount: t.refund_amount,
    requested_at: t.requested_at,
    admin_remarks: t.admin_remarks,
    processed_by_id: t.processed_by,
    processed_by_name: processedByName,
    processed_by: processedBy.as("processed_by"),
    processed_by_user: processedBy.as("processed_by_user"),
    processed_at: t.processed_at,
    is_active: t.is_active,
  },
  joins: [
    { table: users, on: eq(users.id, t.user_id) },
    // Every request has its walk and every walk its plan (not-null keys): left joins, so a count without a search
    // reads the list's index alone (a count searching the pet's name keeps the joins that name needs).
    { table: w, on: eq(w.id, t.walk_id) },
    { table: p, on: eq(p.id, w.daily_job_plan_id) },
    { table: userPets, on: eq(userPets.id, p.user_pet_id) },
    { table: pet2, on: eq(pet2.id, p.user_pet_2_id) },
    { table: processor, on: eq(processor.id, t.processed_by) },
  ],
  id: t.id,
  deletedAt: t.deleted_at,
  // The keyword ("Search customer, reason..."): the reason, or the customer's name, email, phone or employee code,
  // each through its trigram index (cwr_search_idx, users_search_idx). Not the pet's name: it sits two joins away
  // (walk, plan), where no index of this table can serve it.
  searchText: walkRequestSearchText(t),
  searchThrough: [{ key: t.user_id, id: users.id, text: usersSearchText(users) }],
  filters: {
    request_type: enumFilter(t.request_type, "Request Type", REQUEST_TYPE_LABELS),
    status: enumFilter(t.status, "Status", REQUEST_STATUS_LABELS),
    // 1|0, also the /api's boolean true/false: Eligible / Not Eligible.
    refund_eligibility: booleanFilter(t.refund_eligibility, "Refund Status", ["Eligible", "Not Eligible"], {
      words: true,
    }),
    requested_at: dateRangeFilter(t.requested_at, "Date", { from: "from_date", to: "to_date" }),
  },
  sort: { requested_at: t.requested_at },
  defaultSort: "-requested_at",
  export: [
    { header: "Id", field: "id" },
    { header: "Request Type", field: "request_type", labels: REQUEST_TYPE_LABELS, otherwise: "" },
    { header: "Status", field: "status", labels: REQUEST_STATUS_LABELS, otherwise: "" },
    { header: "Customer", field: "customer_name" },
    { header: "Phone", field: "customer_phone" },
    { header: "Email", field: "customer_email" },
    { header: "Pet Name", field: "pet_name" },
    { header: "Original Date", field: "original_date" },
    { header: "Original Time", field: "original_timeslot" },
    { header: "New Date", field: "new_date" },
    { header: "New Time", field: "new_timeslot" },
    { header: "Reason", field: "reason" },
    { header: "Hours Before", field: "hours_before_walk" },
    {
      header: "Refund Eligible",
      field: "refund_eligibility",
      labels: { true: "Eligible" },
      otherwise: "Not Eligible",
    },
    { header: "Refund Amount", field: "refund_amount" },
    { header: "Requested On", field: "requested_at" },
    { header: "Admin Remarks", field: "admin_remarks" },
    { header: "Processed By", field: "processed_by_name" },
    { header: "Processed At", field: "processed_at" },
  ],
});

/** The fields of the list the portal's table and cards show (only those reach the browser). */
export const TABLE_FIELDS = [
  "request_type",
  "status",
  "customer_name",
  "customer_phone",
  "customer_email",
  "pet_name",
  "original_date",
  "original_timeslot",
  "new_date",
  "new_timeslot",
  "reason",
  "hours_before_walk",
  "refund_eligibility",
  "refund_amount",
  "requested_at",
] as const;
export type WalkRequestRow = Pick<RowOf<typeof list.select>, "id" | (typeof TABLE_FIELDS)[number]>;

// ---------------------------------------------------------------------------------------------------------------
// The record as §3 shapes it: user, walk (timeslot; daily_job_plan with date and user_pet name), processed_by.

const person = z.object({
  id: z.number(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
const petRef = z.object({ id: z.number(), name: z.string() }).nullable();
const walkRef = z.object({
  id: z.number(),
  timeslot: z.string(),
  status: z.number(),
  date: z.string(),
  daily_job_plan: z.object({
    id: z.number(),
    date: z.string(),
    user_monthly_job_request_id: z.number().nullable(),
    user_pet: petRef,
    user_pet_2: petRef,
  }),
});
const personRef = z.object({ id: z.number(), first_name: z.string(), last_name: z.string() }).nullable();
/** Spec 002 §3's shapes of a request's own fields: the list's, and the /api's of a record (`apiShape`). */
const specFields = {
  processed_by: personRef,
  processed_by_id: z.number().nullable(),
  processed_by_user: personRef,
  refund_eligibility: z.boolean(),
};
const detailSchema = { user: person.nullable(), walk: walkRef.nullable(), processed_by_user: personRef };

const petJson = (pet: { id: AnyPgColumn; name: AnyPgColumn }) =>
  sql`case when ${pet.id} is null then null else json_build_object('id', ${pet.id}, 'name', ${pet.name}) end`;
/** The record's §3 objects, read in one statement through the list's joins (its processed_by_user as the list's). */
const detailFields = {
  user: sql<z.infer<typeof person>>`json_build_object('id', ${users.id}, 'first_name', ${users.first_name},
    'last_name', ${users.last_name}, 'phone', ${users.phone}, 'email', ${users.email})`,
  walk: sql<z.infer<typeof walkRef>>`json_build_object('id', ${w.id}, 'timeslot', ${w.timeslot},
    'status', ${w.status}, 'date', ${w.date}, 'daily_job_plan', json_build_object('id', ${p.id}, 'date', ${p.date},
    'user_monthly_job_request_id', ${p.user_monthly_job_request_id}, 'user_pet', ${petJson(userPets)},
    'user_pet_2', ${petJson(pet2)}))`,
  processed_by_user: list.select.processed_by_user,
};

export const customerWalkRequestsDef = defineEntity({
  name: "customer_walk_requests",
  noun: "Customer Walk Request",
  plural: "Customer Walk Requests",
  href: "/customer-walk-requests",
  table: t,
  // The franchisee is the walk's (set on create, never the caller's); an app user sees only their own requests.
  scope: networkScope(t, { franchisee: t.franchisee_id, stampFranchisee: false, own: t.user_id }),
  create: walkRequestCreateSchema,
  list,
  ops: ["list", "view", "create", "delete", "restore", "export"],
  detail: async (db, row) => {
    const d = await listRowById(db, list, row.id, detailFields);
    return { user: d?.user ?? null, walk: d?.walk ?? null, processed_by_user: d?.processed_by_user ?? null };
  },
  // The history records the request's own columns and where its walk is (an approval moves it); the customer and
  // the pets are read, not changed, by it.
  auditDetail: async (db, row) => {
    const [walk] = await db
      .select({ daily_job_plan_id: w.daily_job_plan_id, date: w.date, timeslot: w.timeslot })
      .from(w)
      .where(eq(w.id, row.walk_id as number));
    return { walk: walk ?? null };
  },
  detailSchema,
  /**
   * A record as the /api answers it (spec 002 §3; the list's rows are so already): processed_by the person, its id
   * processed_by_id, refund_eligibility a boolean. The portal and the domain functions keep the row's own values.
   */
  apiShape: {
    record: (row) => {
      const by = row.processed_by_user ?? null;
      const shaped = { processed_by_id: row.processed_by, processed_by: by, processed_by_user: by };
      return { ...row, ...shaped, refund_eligibility: row.refund_eligibility === 1 };
    },
    fields: specFields,
  },
  messages: { deleteTitle: "Are you sure you want to delete this request?" },
});

/** The portal's link to one request (the inbox's item, the franchisee admins' notification of it). */
const itemLink = (opaqueId: string) => `/customer-walk-requests?status=pending&request=${opaqueId}`;

// ---------------------------------------------------------------------------------------------------------------
// Counting reschedules against the quota.

/**
 * Reschedules that count against a monthly request's quota: its live reschedule requests pending or approved (the
 * walks of its daily plans). A walk of a plan made by hand (no monthly request) counts the customer's such requests
 * for walks of the same calendar month.
 */
async function reschedulesUsed(
  db: Executor,
  companyId: number,
  o: { monthlyRequestId: number | null; userId: number; date: string },
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t)
    .innerJoin(w, eq(w.id, t.walk_id))
    .innerJoin(p, eq(p.id, w.daily_job_plan_id))
    .where(
      and(
        eq(t.company_id, companyId),
        isNull(t.deleted_at),
        eq(t.request_type, "reschedule"),
        inArray(t.status, ["pending", "approved"]),
        o.monthlyRequestId != null
          ? eq(p.user_monthly_job_request_id, o.monthlyRequestId)
          : and(
              isNull(p.user_monthly_job_request_id),
              eq(t.user_id, o.userId),
              sql`date_trunc('month', ${t.original_date}) = date_trunc('month', ${o.date}::date)`,
            ),
      ),
    );
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Create (the app's POST), delete and restore.

type Row = typeof t.$inferSelect;

/** The price of one walk of a daily plan: its monthly request's plan's final amount over days × walks. */
async function priceOfPlan(db: Executor, monthlyRequestId: number | null): Promise<number> {
  if (monthlyRequestId == null) return 0;
  const [row] = await db
    .select({ final_amount: plans.final_amount, days: plans.days, no_of_walks: plans.no_of_walks })
    .from(userMonthlyJobRequests)
    .innerJoin(plans, eq(plans.id, userMonthlyJobRequests.plan_id))
    .where(eq(userMonthlyJobRequests.id, monthlyRequestId));
  return walkPrice(row ?? null);
}

type LockedWalk = NonNullable<Awaited<ReturnType<typeof lockWalkInReach>>>;

/**
 * The checks of a pending request, at create and at restore (issue 25): the walk not started and still to come; no
 * other pending request for it; a reschedule's new date and time ahead and not the walk's own, within the quota. The
 * quota is counted under an advisory lock per monthly request (or customer and month): concurrent requests take turns,
 * so four at once under a quota of 1 pass one. Answers the company's policy.
 */
async function checkRequest(
  tx: Tx,
  companyId: number,
  walk: LockedWalk,
  v: { request_type: string; new_date: string | null; new_timeslot: string | null },
  errors: FieldErrors,
) {
  const now = new Date();
  const start = walkStart(walk.date, walk.timeslot);
  if (!NOT_STARTED.includes(walk.status)) errors.walk_id = WALK_REQUEST_MESSAGES.walkStarted;
  else if (start.getTime() <= now.getTime()) errors.walk_id = WALK_REQUEST_MESSAGES.walkBegun;
  else {
    const [open] = await tx
      .select({ id: t.id })
      .from(t)
      .where(and(eq(t.walk_id, walk.id), eq(t.status, "pending"), isNull(t.deleted_at)))
      .limit(1);
    if (open) errors.walk_id = WALK_REQUEST_MESSAGES.pendingExists;
  }
  const reschedule = v.request_type === "reschedule";
  if (reschedule) {
    if (!v.new_date) errors.new_date = WALK_REQUEST_MESSAGES.newDateRequired;
    if (!v.new_timeslot) errors.new_timeslot = WALK_REQUEST_MESSAGES.newTimeslotRequired;
    if (v.new_date && v.new_timeslot) {
      const to = walkStart(v.new_date, v.new_timeslot);
      if (to.getTime() <= now.getTime()) errors.new_date = WALK_REQUEST_MESSAGES.newPast;
      else if (to.getTime() === start.getTime()) errors.new_date = WALK_REQUEST_MESSAGES.newSame;
    }
  }
  const policy = await policyOf(tx, companyId);
  if (reschedule && !Object.keys(errors).length) {
    const month = walk.date.slice(0, 7);
    await lockSaves(
      tx,
      walk.request_id != null ? `walk-quota:r${walk.request_id}` : `walk-quota:u${walk.user_id}:${month}`,
      companyId,
    );
    const used = await reschedulesUsed(tx, companyId, {
      monthlyRequestId: walk.request_id,
      userId: walk.user_id,
      date: walk.date,
    });
    const q = quotaInfo(used, policy.reschedule_quota);
    if (q.remaining <= 0) errors.request_type = WALK_REQUEST_MESSAGES.quota(q);
  }
  return policy;
}

export const customerWalkRequestsCrud = {
  ...crudOf(customerWalkRequestsDef, {
    /**
     * A customer's request for a walk of their own daily plans (others' answer 404; staff holding the create
     * permission may ask for any walk in their scope, for its customer), as checkRequest allows; a reschedule marks
     * the walk Reschedule Pending (3). Hours before the walk and the refund are fixed now. The franchisee's admins
     * are notified.
     */
    async create({ ctx, tx, input, insert, errors }) {
      const companyId = requireCompany(ctx);
      const walk = await lockWalkInReach(tx, ctx, input.walk_id);
      if (!walk) throw notFound();
      const policy = await checkRequest(tx, companyId, walk, input, errors);
      if (Object.keys(errors).length) throw invalid(errors);
      const now = new Date();
      const reschedule = input.request_type === "reschedule";
      const hours = hoursBefore(walkStart(walk.date, walk.timeslot), now);
      const refund = reschedule
        ? { refund_eligibility: 0, refund_percent: 0, refund_amount: 0 }
        : refundFor(policy.refund_tiers, hours, await priceOfPlan(tx, walk.request_id));
      const franchiseeId = walk.franchisee_id ?? walk.plan_franchisee_id;
      const row = await insert({
        user_id: walk.user_id,
        franchisee_id: franchiseeId,
        walk_id: walk.id,
        request_type: input.request_type,
        status: "pending",
        original_date: walk.date,
        original_timeslot: walk.timeslot,
        new_date: reschedule ? input.new_date : null,
        new_timeslot: reschedule ? input.new_timeslot : null,
        reason: input.reason,
        hours_before_walk: hours,
        ...refund,
        requested_at: now,
      });
      if (reschedule) await setWalkStatus(tx, ctx, walk.id, WALK_STATUS.RESCHEDULE_PENDING, NOT_STARTED);
      const admins = await franchiseeAdminIds(tx, franchiseeId);
      await notify(
        admins.map((userId) => ({
          userId,
          companyId,
          title: reschedule ? "New walk reschedule request" : "New walk cancellation request",
          body: `A customer asks to ${reschedule ? `move the walk of ${formatDate(walk.date)} ${walk.timeslot.slice(0, 5)} to ${formatDate(input.new_date!)} ${input.new_timeslot}` : `cancel the walk of ${formatDate(walk.date)} ${walk.timeslot.slice(0, 5)}`}.`,
          link: itemLink(encodeId(row.id)),
        })),
        tx,
      );
      return row;
    },
  }),
  /** Delete (POST clear/:id): a pending reschedule's walk goes back to Pending (0). */
  delete: softDeleteOf(customerWalkRequestsDef, {
    after: async ({ ctx, tx, row }) => {
      if (row.status === "pending" && row.request_type === "reschedule")
        await setWalkStatus(tx, ctx, row.walk_id, WALK_STATUS.PENDING, [WALK_STATUS.RESCHEDULE_PENDING]);
    },
  }),
  /**
   * Restore: a pending request passes the create's checks again (409 with the first reason: the walk begun, another
   * pending request, the quota used up meanwhile); a pending reschedule marks the walk 3 again.
   */
  restore: restoreOf(customerWalkRequestsDef, {
    guard: async ({ ctx, tx, row }) => {
      if (row.status !== "pending") return;
      const walk = await lockWalkInReach(tx, ctx, row.walk_id);
      if (!walk) throw new AppError(409, WALK_REQUEST_MESSAGES.walkGone);
      const errors: FieldErrors = {};
      await checkRequest(tx, row.company_id, walk, row, errors);
      const reason = Object.values(errors)[0];
      if (reason) throw new AppError(409, reason);
    },
    after: async ({ ctx, tx, row }) => {
      if (row.status === "pending" && row.request_type === "reschedule")
        await setWalkStatus(tx, ctx, row.walk_id, WALK_STATUS.RESCHEDULE_PENDING, [
          WALK_STATUS.PENDING,
          WALK_STATUS.RESCHEDULE_APPROVED,
          WALK_STATUS.RESCHEDULE_REJECTED,
        ]);
    },
  }),
};

// ---------------------------------------------------------------------------------------------------------------
// One request with its quota notice (GET :id, the details dialog).

/**
 * GET customer_walk_requests/:id: `{ data: the request, reschedule_info }` (§7: data.data and reschedule_info), the
 * quota notice: reschedules used by its walk's monthly request (the record's walk names it), of the company's quota.
 */
export async function walkRequestDetails(ctx: Ctx, id: number) {
  const data = await customerWalkRequestsCrud.get(ctx, id);
  const db = await getDb();
  const policy = await policyOf(db, data.company_id);
  const used = await reschedulesUsed(db, data.company_id, {
    monthlyRequestId: data.walk?.daily_job_plan.user_monthly_job_request_id ?? null,
    userId: data.user_id,
    date: data.original_date,
  });
  return { data, reschedule_info: quotaInfo(used, policy.reschedule_quota) };
}

// ---------------------------------------------------------------------------------------------------------------
// The decisions, declared once (issue 25): the approval kernel takes them (lock within scope, pending only: 409,
// the reason, the audit record, the notifications, one transaction) and derives their /api rows, server action and
// the list's decision cell.

/**
 * Who hears of a decision (issue 22), one notification each: the customer (the walk named with its pets, the new
 * date and time, who walks it and for which franchisee; a rejection with its reason); on an approved reschedule, the
 * walker who has the walk now (told it moved, or that it is theirs), and the walker it was taken from (`oldWalker`).
 */
async function decisionNotes(
  tx: Tx,
  row: Row,
  approved: boolean,
  oldWalker: number | null | undefined,
): Promise<NewNotification[]> {
  const type = row.request_type === "reschedule" ? "reschedule" : "cancellation";
  const [walk] = await walkFacts(tx, [row.walk_id]);
  const pets = walk?.pets ?? "your pet";
  const was = `${dayLabel(row.original_date)} ${row.original_timeslot.slice(0, 5)}`;
  const title = `Your walk ${type} request was ${approved ? "approved" : "rejected"}`;
  const remarks = row.admin_remarks;
  const note = (userId: number, title: string, body: string): NewNotification => ({
    userId,
    companyId: row.company_id,
    title,
    body,
    link: "/notifications",
  });
  if (!approved || !walk)
    return [
      note(
        row.user_id,
        title,
        `Your request to ${type === "reschedule" ? "move" : "cancel"} the walk of ${pets} on ${was} was declined${remarks ? `: ${remarks}` : "."}`,
      ),
    ];
  const to = `${dayLabel(walk.date)} ${walk.time}`;
  const notes = [
    note(
      row.user_id,
      title,
      `The walk of ${pets} on ${was} moved to ${to}, with ${walkerText(walk.walker, walk.franchisee)}.${remarks ? ` ${remarks}` : ""}`,
    ),
  ];
  if (walk.walker_id != null)
    notes.push(
      note(
        walk.walker_id,
        oldWalker === walk.walker_id ? "A walk of yours was rescheduled" : "1 walk moved to you",
        `The walk of ${pets} (${walk.customer}) on ${was} is now on ${to}${walk.franchisee ? ` (${walk.franchisee})` : ""}.`,
      ),
    );
  if (oldWalker != null && oldWalker !== walk.walker_id)
    notes.push(
      note(
        oldWalker,
        "1 walk taken from you",
        `The walk of ${pets} (${walk.customer}) on ${was} was rescheduled to ${to} with ${walk.walker ?? "another walker"}.`,
      ),
    );
  return notes;
}

const M = WALK_REQUEST_MESSAGES;
/** The inbox's item: what is asked, with the walk's dates. */
const inboxTitle = sql<string>`case when ${t.request_type} = 'cancel' then 'Cancel the walk of ' || to_char(${t.original_date}, 'DD-MM-YYYY')
  else 'Reschedule ' || to_char(${t.original_date}, 'DD-MM-YYYY') || ' to ' || to_char(${t.new_date}, 'DD-MM-YYYY') end`;
const processed = (ctx: Ctx) => ({ processed_by: ctx.userId, processed_at: new Date() });

/**
 * Approve (POST customer_walk_requests/:id/approve, admin_remarks optional): a pending reschedule only (a
 * cancellation 422); the walk moves in the same transaction (moveWalk; 409 when it has begun or the new time has
 * passed). Reject (POST …/reject): any pending request, the reason in admin_remarks (required, §5); a reschedule's
 * walk becomes Reschedule Rejected (5). Both answer `{ message, data }` in §3's shape.
 */
export const walkRequestApproval = approvalOf({
  entity: customerWalkRequestsDef,
  kind: "Walk request",
  field: t.status,
  states: REQUEST_STATUS_LABELS,
  pending: "pending",
  reasonField: t.admin_remarks,
  reasonMessages: { required: M.reasonRequired },
  permission: "customer_walk_requests.approve",
  notInState: M.notPending,
  transitions: {
    approve: {
      from: ["pending"],
      to: "approved",
      when: { field: "request_type", in: ["reschedule"], message: M.cancelNotApprovable },
      label: "Approve",
      reason: "optional",
      reasonLabel: "Admin Remarks (Optional)",
      async set({ ctx, tx, before, memo }) {
        const to = { date: before.new_date as string, timeslot: before.new_timeslot as string };
        const moved = await moveWalk(
          tx,
          ctx,
          before.walk_id as number,
          {
            ...to,
            status: WALK_STATUS.RESCHEDULE_APPROVED,
          },
          { gone: M.walkGone, passed: M.newPassed },
        );
        memo.oldWalker = moved.before.walker_id;
        return processed(ctx);
      },
      notify: ({ tx, row, memo }) => decisionNotes(tx, row as Row, true, memo.oldWalker as number | null),
      path: "customer_walk_requests/:id/approve",
      summary:
        "Approve a pending reschedule request (admin_remarks optional): the walk moves to the new date and timeslot. 409 when not pending; 422 for a cancellation.",
      confirm: { title: "Approve Request", description: "The walk moves to the requested date and time." },
      success: M.approved,
      failure: "Error approving request: ",
      answerMessage: true,
    },
    reject: {
      from: ["pending"],
      to: "rejected",
      label: "Reject",
      reason: "required",
      reasonLabel: "Reason for Rejection (Required)",
      async set({ ctx, tx, before }) {
        if (before.request_type === "reschedule")
          await setWalkStatus(tx, ctx, before.walk_id as number, WALK_STATUS.RESCHEDULE_REJECTED, [
            WALK_STATUS.RESCHEDULE_PENDING,
          ]);
        return processed(ctx);
      },
      notify: ({ tx, row }) => decisionNotes(tx, row as Row, false, null),
      path: "customer_walk_requests/:id/reject",
      summary: "Reject a pending request (admin_remarks: the reason, required). 409 when not pending.",
      confirm: { title: "Reject Request" },
      success: M.rejected,
      failure: "Error rejecting request: ",
      answerMessage: true,
    },
  },
  inbox: {
    title: inboxTitle,
    summary: sql<string>`${inboxTitle} || ' (' || ${t.hours_before_walk} || ' h before)'`,
    askedBy: t.user_id,
    franchisee: t.franchisee_id,
    askedAt: t.requested_at,
    href: itemLink,
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Statistics (the four cards).

export const walkRequestStatisticsSchema = z.object({
  total_requests: z.number(),
  pending_requests: z.number(),
  approved_requests: z.number(),
  total_refunds: z.number(),
});
export type WalkRequestStatistics = z.infer<typeof walkRequestStatisticsSchema>;

/** The figures the cards read (lib/platform/figures.ts), by card. */
const CARD_FIGURES = {
  total_requests: "walk_requests.total",
  pending_requests: "walk_requests.pending",
  approved_requests: "walk_requests.approved",
  total_refunds: "walk_requests.refunds",
} as const;

/**
 * The cards over the caller's scope (live requests; the list's filters do not apply): all, pending, approved, and
 * total refunds — the refund amounts of refund-eligible requests not rejected (what is owed or will be, unless
 * rejected). The company's (or the caller's franchisee's) figures are kept by a trigger on every write
 * (lib/platform/figures.ts): four rows by key, however many requests. An app user's own requests are few: counted.
 */
export async function walkRequestStatistics(ctx: Ctx): Promise<WalkRequestStatistics> {
  authorize(ctx, customerWalkRequestsDef.permission("list"));
  const db = await getDb();
  if (ctx.roleName !== ROLE.USER) {
    const f = await readFigures(db, requireCompany(ctx), ctx.franchiseeId, Object.values(CARD_FIGURES));
    const cards = Object.entries(CARD_FIGURES).map(([card, figure]) => [card, f[figure]]);
    return Object.fromEntries(cards) as WalkRequestStatistics;
  }
  const [r] = await db
    .select({
      total_requests: sql<number>`count(*)::int`,
      pending_requests: sql<number>`(count(*) filter (where ${t.status} = 'pending'))::int`,
      approved_requests: sql<number>`(count(*) filter (where ${t.status} = 'approved'))::int`,
      total_refunds: sql<string>`coalesce(sum(${t.refund_amount}) filter (where ${t.refund_eligibility} = 1 and ${t.status} <> 'rejected'), 0)::text`,
    })
    .from(t)
    .where(and(isNull(t.deleted_at), customerWalkRequestsDef.scope.where(ctx)));
  // An aggregate without grouping answers one row.
  return { ...r!, total_refunds: Number(r!.total_refunds) };
}

// ---------------------------------------------------------------------------------------------------------------
// Server actions (the portal's list): delete, restore, export; decide (approve, reject). The details dialog is read
// by the page (its URL's request=).

/** The details dialog's record: the request, its people and walk, the quota notice. */
export type WalkRequestDetails = Awaited<ReturnType<typeof walkRequestDetails>>;

export const customerWalkRequestActions = {
  ...entityActions({
    def: customerWalkRequestsDef,
    delete: customerWalkRequestsCrud.delete,
    restore: customerWalkRequestsCrud.restore,
    export: customerWalkRequestsCrud.export,
  }),
  ...approvalActions(walkRequestApproval),
};
