import "server-only";
import { and, eq, inArray, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import { dailyJobPlanWalks, leaveRequests, leaveRequestWalks, users } from "@/db/schema";
import { authorize, can, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, rowsOf, type Executor, type Tx } from "@/lib/platform/db";
import {
  companyRow,
  crudOf,
  defineEntity,
  networkScope,
  patchOf,
  restoreOf,
  softDeleteOf,
} from "@/lib/platform/entity";
import { decodeActionId, entityActions, recordAction } from "@/lib/platform/entity-actions";
import {
  AppError,
  forbidden,
  invalid,
  notFound,
  zodFieldErrors,
  type FieldErrors,
} from "@/lib/platform/errors";
import { fileUrl } from "@/lib/platform/file-access";
import { encodeId } from "@/lib/platform/ids";
import { afterStatusSave, approvalActions, approvalOf, decide } from "@/lib/platform/approval";
import { recordChange, scopedRow } from "@/lib/platform/record-change";
import { recordSchema } from "@/lib/platform/row-schema";
import { notify } from "@/lib/platform/notifications";
import { dayLabel, tellCustomers, walkerText, walksCount, whenText } from "./walk-notices";
import { dateRangeFilter, defineList, enumFilter, listRowById, referenceFilter } from "@/lib/platform/list";
import type { RowOf } from "@/lib/platform/list";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { blankToNull, codeOf, flag, optionalId, optionalText, requiredDate } from "@/lib/platform/schemas";
import {
  APPROVAL_LABELS,
  franchiseeAdminIds,
  hhmm,
  indiaNow,
  minutesOf,
  NOT_STARTED,
  WALK_STATUS_LABELS,
  fullNameOf,
} from "./common";
import {
  affectedWalks,
  availableStaff,
  inIds,
  isStaffCursor,
  leaveWalksJson,
  leaveWindow,
  minutesSql,
  walkWindow,
  leaveWalkSchema,
  type LeaveWalk,
  type StaffMember,
} from "./leave-replacement";

// Leave requests with replacement (spec 002 §2 Leave requests, §3, §4, §5, §7, §8; issue 11). A walker (an app
// user, role USER, staff of a franchisee) asks for a day off, whole or in part; the franchisee's admin approves it
// with a replacement (the affected walks move to them) or without (the walks stay uncovered), or rejects it.

export const LEAVE_STATUS = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;
export const LEAVE_TYPES = ["full_day", "time_range"] as const;
export const LEAVE_TYPE_LABELS: Record<string, string> = { full_day: "Full Day", time_range: "Time Range" };

/** Spec 002 §8 texts (approved, the approval failure) and the messages of this module's own rules. */
export const LEAVE_MESSAGES = {
  approved: "Leave request approved successfully!",
  rejected: "Leave request rejected successfully.",
  reassigned: "Walk reassigned successfully.",
  staffLoaded: "Available staff loaded successfully.",
  approveFailed: "Failed to approve leave request.",
  notPending:
    "This leave request is no longer pending: only a pending request can be approved, rejected or changed.",
  notApproved: "Only the walks of an approved leave request can be reassigned.",
  walkStarted: "This walk has already started: it can no longer be reassigned.",
  unavailable: "The selected staff member is not available for this timeslot.",
  walker: "The selected walker is invalid.",
  walkerRequired: "The walker field is required.",
  past: "The leave date cannot be in the past.",
  overlap: "A leave request already exists for this walker at this time.",
  restoreApproved:
    "An approved leave cannot be restored: deleting it gave its walks back to the walker. Ask for the leave again.",
  timesRequired: "The start and end time are required for a time range leave.",
  endAfterStart: "The end time must be after the start time.",
  time: "The time must be like 09:30.",
  leaveType: "The selected leave type is invalid.",
} as const;

const time = z.preprocess(
  blankToNull,
  z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, LEAVE_MESSAGES.time)
    .transform((v) => v.slice(0, 5))
    .nullish(),
);
const leaveType = z.enum(LEAVE_TYPES, { error: LEAVE_MESSAGES.leaveType });

/**
 * The leave as the app or the create screen sends it. user_id: the walker (ignored for an app user, who asks for
 * themself). start_time/end_time only for time_range (HH:MM, end after start); date YYYY-MM-DD.
 */
export const leaveCreateSchema = z.object({
  user_id: optionalId("walker"),
  date: requiredDate("date"),
  leave_type: leaveType.default("full_day"),
  start_time: time,
  end_time: time,
  reason: optionalText("reason", 2000),
});

/** PATCH (§7: id, status, leave_type; the edit screen: the leave's fields while pending, Is Active). */
export const leaveUpdateSchema = patchOf(leaveCreateSchema.omit({ user_id: true })).extend({
  status: codeOf("status", [0, 1, 2]).optional(),
  admin_remarks: optionalText("admin remarks", 1000).optional(),
  is_active: flag.optional(),
});

/** The reassign dialog: one walk's replacement (null: the walk stays with the walker on leave, uncovered). */
export const reassignSchema = z.object({ replacement_user_id: optionalId("replacement") });

const walker = users;
const replacement = alias(users, "replacement");
const lr = leaveRequests;

/** A user as the record names them (spec 002 §3: user, replacement_user), null when there is none. */
const personSchema = z.object({ first_name: z.string().nullable(), last_name: z.string().nullable() });
const personJson = (
  u: { id: AnyPgColumn; first_name: AnyPgColumn; last_name: AnyPgColumn },
  o: { id?: boolean } = {},
) =>
  sql<{ id?: number; first_name: string | null; last_name: string | null } | null>`case when ${u.id} is null
    then null else json_build_object(${o.id ? sql`'id', ${u.id}, ` : sql``}'first_name', ${u.first_name}, 'last_name', ${u.last_name}) end`;

const APPROVAL_OPTIONS = Object.entries(APPROVAL_LABELS).map(([value, label]) => ({ value, label }));
const TYPE_OPTIONS = LEAVE_TYPES.map((v) => ({ value: v, label: LEAVE_TYPE_LABELS[v] }));

const leaveList = defineList({
  from: lr,
  select: {
    id: lr.id,
    status: lr.status,
    user_id: lr.user_id,
    franchisee_id: lr.franchisee_id,
    requested_by: fullNameOf(walker),
    user: personJson(walker),
    date: sql<string>`to_char(${lr.date}, 'YYYY-MM-DD')`,
    start_time: sql<string | null>`to_char(${lr.start_time}, 'HH24:MI')`,
    end_time: sql<string | null>`to_char(${lr.end_time}, 'HH24:MI')`,
    leave_type: lr.leave_type,
    reason: lr.reason,
    replacement_user_id: lr.replacement_user_id,
    replacement_name: fullNameOf(replacement),
    replacement_user: personJson(replacement, { id: true }),
    admin_remarks: lr.admin_remarks,
    processed_at: lr.processed_at,
    is_active: lr.is_active,
    walks: leaveWalksJson(lr),
  },
  joins: [
    { table: walker, on: eq(walker.id, lr.user_id) },
    { table: replacement, on: eq(replacement.id, lr.replacement_user_id) },
  ],
  id: lr.id,
  isActive: lr.is_active,
  deletedAt: lr.deleted_at,
  search: [walker.first_name, walker.last_name, walker.employee_code, walker.phone, lr.reason],
  filters: {
    status: enumFilter(lr.status, "Approval Status", APPROVAL_OPTIONS),
    user_id: referenceFilter(lr.user_id, "Walker"),
    date: dateRangeFilter(lr.date, "Date"),
    leave_type: enumFilter(lr.leave_type, "Leave Type", TYPE_OPTIONS),
  },
  // Newest first: leave_requests_list_idx (company, id; live rows); a franchisee's leave_requests_franchisee_idx.
  sort: { date: lr.date },
  export: [
    { header: "Id", field: "id" },
    { header: "Status", field: "status", labels: APPROVAL_LABELS, otherwise: "Pending" },
    { header: "Requested By", field: "requested_by" },
    { header: "Date", field: "date" },
    { header: "Start Time", field: "start_time" },
    { header: "End Time", field: "end_time" },
    { header: "Leave Type", field: "leave_type", labels: LEAVE_TYPE_LABELS, otherwise: "" },
    { header: "Reason", field: "reason" },
    { header: "Replacement", field: "replacement_name" },
    { header: "Admin Remarks", field: "admin_remarks" },
    { header: "Active", field: "is_active", labels: { 1: "Active" }, otherwise: "Inactive" },
  ],
});

/** The fields the list screen shows (its page picks them, its table's row type reads them). */
export const LEAVE_TABLE_FIELDS = [
  "status",
  "requested_by",
  "date",
  "start_time",
  "end_time",
  "leave_type",
  "reason",
  "replacement_name",
  "admin_remarks",
  "is_active",
  "walks",
] as const;
export type LeaveTableRow = Pick<RowOf<typeof leaveList.select>, "id" | (typeof LEAVE_TABLE_FIELDS)[number]>;

/** What a record carries besides its row (§3): the walker, the replacement and the walks. */
async function leaveDetail(db: Executor, row: { id: number }) {
  const { user, replacement_user, walks } = leaveList.select;
  const d = await listRowById(db, leaveList, row.id, { user, replacement_user, walks });
  return {
    user: d?.user ?? null,
    replacement_user: d?.replacement_user ?? null,
    walks: d?.walks ?? [],
  };
}

/** What the history records besides the row: each affected walk as one line (when, whose pet, who has it). */
async function leaveAuditDetail(db: Executor, row: { id: number; status: number }) {
  return auditLines(row.status, (await leaveDetail(db, row)).walks);
}
const auditLines = (status: number, walks: LeaveWalk[]) => ({
  walks: walks.map(
    (x) =>
      `${x.date} ${x.timeslot} ${x.pet_name ?? ""} (${x.pet_owner ?? ""}): ${x.walker_name ?? ""}${status === LEAVE_STATUS.APPROVED && !x.covered ? ", uncovered" : ""}`,
  ),
});

export const leaveRequestsDef = defineEntity({
  name: "leave_requests",
  noun: "Leave Request",
  href: "/leave-requests",
  table: lr,
  scope: networkScope(lr, { franchisee: lr.franchisee_id, stampFranchisee: true, own: lr.user_id }),
  create: leaveCreateSchema,
  update: leaveUpdateSchema,
  list: leaveList,
  detail: leaveDetail,
  auditDetail: leaveAuditDetail,
  detailSchema: {
    user: personSchema.nullable(),
    replacement_user: personSchema.extend({ id: z.number() }).nullable(),
    walks: z.array(leaveWalkSchema),
  },
});

type Leave = typeof leaveRequests.$inferSelect;

/**
 * A user's name, for notifications. `lock`: their row locked too (a replacement: two approvals or reassignments
 * naming the same member at once take turns, and the second checks their availability with the first's walks in place).
 */
async function nameOf(tx: Tx, userId: number | null, o: { lock?: boolean } = {}): Promise<string> {
  if (userId == null) return "A walker";
  const q = tx
    .select({ name: fullNameOf(users) })
    .from(users)
    .where(eq(users.id, userId));
  const [u] = await (o.lock ? q.for("update") : q);
  return u?.name ?? "A walker";
}
const windowText = (l: Pick<Leave, "date" | "leave_type" | "start_time" | "end_time">) =>
  l.leave_type === "time_range"
    ? `${dayLabel(l.date)}, ${hhmm(l.start_time)} to ${hhmm(l.end_time)}`
    : `${dayLabel(l.date)} (full day)`;

/**
 * The leave's own rules on the values it would have: the times (time_range: both, end after start; full_day: none
 * kept), a date not in India's past (when `dateChanged`), and no other live pending or approved leave of the walker
 * overlapping it (the walker's row is locked first, so two requests at once cannot both pass).
 */
async function checkLeave(
  tx: Tx,
  v: {
    id?: number;
    company_id: number;
    user_id: number;
    date: string;
    leave_type: string;
    start_time: string | null;
    end_time: string | null;
  },
  errors: FieldErrors,
  o: { dateChanged: boolean },
) {
  if (v.leave_type === "time_range") {
    if (!v.start_time || !v.end_time) errors.start_time ??= LEAVE_MESSAGES.timesRequired;
    else if (minutesOf(v.end_time) <= minutesOf(v.start_time))
      errors.end_time ??= LEAVE_MESSAGES.endAfterStart;
  }
  if (o.dateChanged && v.date < indiaNow().date) errors.date ??= LEAVE_MESSAGES.past;
  if (Object.keys(errors).length) return;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, v.user_id)).for("update");
  const { from, to } = leaveWindow(v);
  const [clash] = await tx
    .select({ id: lr.id })
    .from(lr)
    .where(
      and(
        eq(lr.company_id, v.company_id),
        eq(lr.user_id, v.user_id),
        eq(lr.date, v.date),
        isNull(lr.deleted_at),
        inArray(lr.status, [LEAVE_STATUS.PENDING, LEAVE_STATUS.APPROVED]),
        v.id != null ? ne(lr.id, v.id) : undefined,
        or(
          eq(lr.leave_type, "full_day"),
          sql`${minutesSql(lr.start_time)} < ${to} and ${minutesSql(lr.end_time)} > ${from}`,
        ),
      ),
    )
    .limit(1);
  if (clash) errors.date = LEAVE_MESSAGES.overlap;
}

/** The walker a leave is for: a live, active walker of the company (and of the caller's franchisee when they have one). */
const walkerOf = (tx: Tx, ctx: Ctx, userId: number) =>
  companyRow(tx, ctx, users, userId, {
    active: true,
    where: and(
      eq(users.role_id, ROLE_IDS[ROLE.USER]),
      isNotNull(users.franchisee_id),
      ctx.franchiseeId != null ? eq(users.franchisee_id, ctx.franchiseeId) : undefined,
    ),
  });

/**
 * The approval's effects (its declaration's `after`: a decision's and a PATCH's), in the transaction once the leave is
 * written approved and before its audit record, which lists the walks: the replacement re-checked as available
 * (422), the affected not-started walks recorded in leave_request_walks (who had each, the replacement or null:
 * uncovered) and moved to the replacement; the replacement, the walker and the customers notified.
 */
async function applyApproval(tx: Tx, ctx: Ctx, leave: Leave) {
  const replacementId = leave.replacement_user_id;
  // The walks it affects as a pending leave (once approved, affectedWalks reads the recorded ones).
  const walks = await affectedWalks(
    tx,
    { ...leave, status: LEAVE_STATUS.PENDING },
    { movable: true, lock: true },
  );
  let replacementName = "";
  if (replacementId != null) {
    replacementName = await nameOf(tx, replacementId, { lock: true });
    const ok = await availableStaff(tx, leave, { walks, ids: [replacementId] });
    if (!ok.length) throw invalid({ replacement_user_id: LEAVE_MESSAGES.unavailable });
  }
  // The walks recorded (who had each) and moved to the replacement, one statement.
  if (walks.length)
    await tx.execute(sql`
      with recorded as (
        insert into leave_request_walks (leave_request_id, walk_id, original_walker_id, replacement_user_id)
        select ${leave.id}::int, x.id, x.walker_id, ${replacementId}::int
        from (values ${sql.join(
          walks.map((x) => sql`(${x.id}::int, ${x.walker_id}::int)`),
          sql`, `,
        )}) as x(id, walker_id)
        returning walk_id)
      update daily_job_plan_walks set walker_id = ${replacementId}::int, updated_at = now(), updated_by = ${ctx.userId}
      where ${replacementId}::int is not null and id in (select walk_id from recorded)`);
  const who = await nameOf(tx, leave.user_id);
  const n = walks.length;
  const notes = [
    noteTo(
      leave,
      leave.user_id,
      "Leave approved",
      `Your leave on ${windowText(leave)} was approved${replacementId != null ? `: ${n ? `${walksCount(n)} ${n === 1 ? "goes" : "go"} to` : "covered by"} ${replacementName}` : ""}.`,
    ),
  ];
  if (replacementId != null && n)
    notes.push(
      noteTo(
        leave,
        replacementId,
        `${walksCount(n)} moved to you`,
        `${walksCount(n)} of ${who} on ${windowText(leave)} moved to you while they are on leave.`,
      ),
    );
  await notify(notes, tx);
  // Each customer whose walks the replacement takes hears it once, naming who walks them now (issue 22).
  if (replacementId != null && walks.length)
    await tellCustomers(
      tx,
      walks.map((x) => x.id),
      (mine) => ({
        title: mine.length === 1 ? "Your walker changed for a walk" : "Your walker changed for some walks",
        body: `${walksCount(mine.length)} of ${mine[0].pets ?? "your pet"} on ${whenText(mine)} will be walked by ${walkerText(mine[0].walker, mine[0].franchisee)}, covering for ${who}.`,
      }),
    );
}

/** Who decided and when, written with either decision. */
const processed = (ctx: Ctx) => ({ processed_by: ctx.userId, processed_at: new Date() });

const leaveCrud = crudOf(leaveRequestsDef, {
  async create({ ctx, tx, input, insert, errors }) {
    const fromApp = ctx.roleName === ROLE.USER;
    const userId = fromApp ? ctx.userId : input.user_id;
    const w = userId == null ? null : await walkerOf(tx, ctx, userId);
    if (!w)
      throw invalid({ ...errors, user_id: LEAVE_MESSAGES[userId == null ? "walkerRequired" : "walker"] });
    const timed = input.leave_type === "time_range";
    const values = {
      user_id: w.id,
      franchisee_id: w.franchisee_id,
      date: input.date,
      leave_type: input.leave_type,
      start_time: timed ? (input.start_time ?? null) : null,
      end_time: timed ? (input.end_time ?? null) : null,
      reason: input.reason,
      status: LEAVE_STATUS.PENDING,
    };
    await checkLeave(tx, { ...values, company_id: requireCompany(ctx) }, errors, { dateChanged: true });
    if (Object.keys(errors).length) throw invalid(errors);
    const row = await insert(values);
    const admins = await franchiseeAdminIds(tx, w.franchisee_id);
    const who = await nameOf(tx, w.id);
    // Linked to the leave itself: the decision marks this notification read (the approval kernel's item link).
    const body = `${who} asked for leave on ${windowText(row)}${row.reason ? `: ${row.reason}` : "."}`;
    const link = `/leave-requests/${encodeId(row.id)}`;
    await notify(
      admins.map((id) => noteTo(row, id, "New leave request", body, link)),
      tx,
    );
    return row;
  },
  async update({ ctx, tx, before, patch, write, errors }) {
    const values: Record<string, unknown> = { ...patch };
    const statusChanged = patch.status !== undefined && patch.status !== before.status;
    const changed = (k: "date" | "leave_type" | "start_time" | "end_time" | "reason") =>
      patch[k] !== undefined &&
      (k.endsWith("_time") ? hhmm(before[k] as string | null) : before[k]) !== patch[k];
    const leaveChanged = (["date", "leave_type", "start_time", "end_time", "reason"] as const).some(changed);
    if (statusChanged || patch.admin_remarks !== undefined) {
      if (!can(ctx, "leave_requests.approve")) throw forbidden();
    }
    if ((statusChanged || leaveChanged) && before.status !== LEAVE_STATUS.PENDING)
      throw new AppError(409, LEAVE_MESSAGES.notPending);
    if (leaveChanged) {
      const type = (patch.leave_type ?? before.leave_type) as string;
      const kept = (k: "start_time" | "end_time") =>
        type !== "time_range" ? null : ((patch[k] !== undefined ? patch[k] : hhmm(before[k])) ?? null);
      const merged = {
        ...before,
        date: (patch.date ?? before.date) as string,
        leave_type: type,
        start_time: kept("start_time"),
        end_time: kept("end_time"),
      };
      await checkLeave(tx, merged, errors, { dateChanged: changed("date") });
      if (Object.keys(errors).length) throw invalid(errors);
      values.start_time = merged.start_time;
      values.end_time = merged.end_time;
    } else {
      delete values.start_time;
      delete values.end_time;
    }
    if (statusChanged) Object.assign(values, processed(ctx));
    else delete values.status;
    const row = await write(values);
    // A status of 1 approves without a replacement, 2 rejects: the declaration's effects, as a decision's.
    await afterStatusSave(leaveApproval, { ctx, tx, before, row });
    return row;
  },
});

/**
 * Delete and restore (issue 25). Deleting an approved leave reverts its effects: its walks not begun that are still
 * with the replacement go back to the walker (a walk begun stays with whoever walks it); the walker and the
 * replacement hear of it. Restore runs the create's overlap check (409 with the reason) on a pending leave, and
 * refuses an approved one, whose walks went back.
 */
export const leaveRequestsCrud = {
  ...leaveCrud,
  delete: softDeleteOf(leaveRequestsDef, {
    after: async ({ ctx, tx, row }) => {
      if (row.status === LEAVE_STATUS.APPROVED) await revertWalks(tx, ctx, row);
    },
  }),
  restore: restoreOf(leaveRequestsDef, {
    guard: async ({ tx, row }) => {
      if (row.status === LEAVE_STATUS.APPROVED) throw new AppError(409, LEAVE_MESSAGES.restoreApproved);
      if (row.status !== LEAVE_STATUS.PENDING) return;
      const errors: FieldErrors = {};
      await checkLeave(tx, row, errors, { dateChanged: false });
      if (errors.date) throw new AppError(409, errors.date);
    },
  }),
};

/** An approved leave's walks not begun, still with their replacement, back to the walker (one statement). */
async function revertWalks(tx: Tx, ctx: Ctx, leave: Leave) {
  const back = rowsOf<{ replacement: number; n: number }>(
    await tx.execute(sql`
      with back as (
        update daily_job_plan_walks w set walker_id = lw.original_walker_id, updated_at = now(),
          updated_by = ${ctx.userId}
        from leave_request_walks lw
        where lw.leave_request_id = ${leave.id} and w.id = lw.walk_id and lw.replacement_user_id is not null
          and w.walker_id = lw.replacement_user_id and w.deleted_at is null
          and ${inIds(sql`w.status`, NOT_STARTED)}
        returning lw.replacement_user_id as replacement)
      select replacement, count(*)::int as n from back group by replacement`),
  );
  if (!back.length) return;
  const total = back.reduce((a, b) => a + Number(b.n), 0);
  const when = windowText(leave);
  const who = await nameOf(tx, leave.user_id);
  await notify(
    [
      noteTo(
        leave,
        leave.user_id,
        "Leave withdrawn",
        `Your leave on ${when} was deleted: ${walksCount(total)} ${total === 1 ? "is" : "are"} yours again.`,
      ),
      ...back.map((b) =>
        noteTo(
          leave,
          Number(b.replacement),
          `${walksCount(Number(b.n))} taken from you`,
          `The leave on ${when} of ${who} was deleted: ${walksCount(Number(b.n))} went back to them.`,
        ),
      ),
    ],
    tx,
  );
}

/** A notice to a member of the leave's company (the walker, a replacement), pointing at their notifications. */
const noteTo = (
  leave: Pick<Leave, "company_id">,
  userId: number,
  title: string,
  body: string,
  link = "/notifications",
) => ({ userId, companyId: leave.company_id, title, body, link });
const rejectedNote = (leave: Leave) =>
  noteTo(leave, leave.user_id, "Leave rejected", `Your leave on ${windowText(leave)} was rejected.`);

/**
 * GET /leave_requests/:id/available-staff (§7) — and, with `walkId`, the staff who may take that one walk of an
 * approved leave (the reassign dialog). Needs leave_requests.approve.
 */
export async function leaveAvailableStaff(
  ctx: Ctx,
  id: number,
  walkId?: number,
  page: StaffPage = {},
): Promise<StaffMember[]> {
  authorize(ctx, "leave_requests.approve");
  const db = await getDb();
  const leave = await scopedRow(db, ctx, leaveRequestsDef, id);
  if (walkId == null) return availableStaff(db, leave, page);
  const walk = await leaveWalk(db, leave, walkId);
  return availableStaff(db, leave, { window: walkWindow(walk), walks: [walk], ...page });
}

/** A page of the ranking: at most `limit` members, those after the member whose `cursor` is `after`, matching `search`. */
export type StaffPage = { limit?: number; after?: string; search?: string };

/** The /api query of available staff: `limit` (1-200), `after` (a member's cursor, for the next ones), `search`. */
export const staffPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional(),
  after: z
    .string()
    .max(500)
    .refine((c) => isStaffCursor(c), "This is not a cursor of this list.")
    .optional(),
  search: z.string().max(200).optional(),
});

/** An /api query as a page of staff (50 by default: a picker ships no more; the rest by `after` or search). */
export function staffPageOf(query: URLSearchParams): StaffPage {
  const q = staffPageQuery.safeParse(Object.fromEntries(query));
  if (!q.success) throw invalid(zodFieldErrors(q.error.issues));
  return { limit: q.data.limit ?? 50, after: q.data.after, search: q.data.search };
}

/** One walk of an approved leave (404 when it is not one of its walks). */
async function leaveWalk(db: Executor, leave: Leave, walkId: number) {
  const walks = await affectedWalks(db, { ...leave, status: LEAVE_STATUS.APPROVED });
  const walk = walks.find((x) => x.id === walkId);
  if (!walk) throw notFound();
  return walk;
}

/**
 * The leave's decisions, declared once (issue 25): the approval kernel takes them (lock, pending only: 409, the
 * audit record with the walks, notifications, one transaction) and derives their /api rows; a PATCH of the status
 * takes the same effects (afterStatusSave). Approve (POST approve-with-replacement, §7): the replacement (or none:
 * the walks stay uncovered) re-checked and the walks moved (applyApproval); reject: optional remarks. Both answer
 * `{ success, message, data }` as before.
 */
export const leaveApproval = approvalOf({
  entity: leaveRequestsDef,
  kind: "Leave request",
  field: lr.status,
  states: APPROVAL_LABELS,
  pending: LEAVE_STATUS.PENDING,
  reasonField: lr.admin_remarks,
  permission: "leave_requests.approve",
  notInState: LEAVE_MESSAGES.notPending,
  transitions: {
    approve: {
      from: [LEAVE_STATUS.PENDING],
      to: LEAVE_STATUS.APPROVED,
      label: "Approve",
      reason: "optional",
      input: { replacement_user_id: optionalId("replacement") },
      set: async ({ ctx, tx, input }) => {
        // The replacement's row is locked before the leave is written: the write's foreign-key check takes a share
        // lock on it, and two approvals naming the same member at once each held one and waited for the other's
        // update lock in applyApproval (a deadlock, 500, seen on PostgreSQL). Locked first, they take turns.
        const replacement = (input.replacement_user_id as number | null | undefined) ?? null;
        if (replacement != null) await nameOf(tx, replacement, { lock: true });
        return { replacement_user_id: replacement, ...processed(ctx) };
      },
      after: ({ ctx, tx, row }) => applyApproval(tx, ctx, row as Leave),
      // The walks move before the audit record, which lists them.
      auditAfter: true,
      path: "leave_requests/:id/approve-with-replacement",
      summary:
        "Approve a pending leave, with a replacement (its affected walks move to them; 422 when they are not available) or without (null: the walks stay uncovered); 409 when no longer pending",
      confirm: { title: "Staff Replacement" },
      reasonLabel: "Admin Remarks",
      failure: `${LEAVE_MESSAGES.approveFailed} `,
      ...answered(LEAVE_MESSAGES.approved),
    },
    reject: {
      from: [LEAVE_STATUS.PENDING],
      to: LEAVE_STATUS.REJECTED,
      label: "Reject",
      reason: "optional",
      set: ({ ctx }) => processed(ctx),
      notify: ({ before }) => [rejectedNote(before as Leave)],
      path: "leave_requests/:id/reject",
      summary: "Reject a pending leave, with optional admin remarks (409 when no longer pending)",
      confirm: {
        title: "Are you sure to Reject?",
        description: "Are you sure you want to reject this leave request?",
      },
      ...answered(LEAVE_MESSAGES.rejected),
    },
  },
  inbox: {
    title: sql<
      string | null
    >`(select ${fullNameOf(walker)} from ${walker} where ${walker.id} = ${lr.user_id})`,
    askedBy: lr.user_id,
    franchisee: lr.franchisee_id,
    summary: sql<string>`to_char(${lr.date}, 'DD-MM-YYYY') || case when ${lr.leave_type} = 'full_day' then ' (full day)'
      else ' ' || to_char(${lr.start_time}, 'HH24:MI') || '–' || to_char(${lr.end_time}, 'HH24:MI') end`,
  },
});

/** A decision's success message and its /api answer `{ success, message, data }` (with that answer's schema). */
function answered(message: string) {
  return {
    success: message,
    answer: (data: Record<string, unknown>) => ({ success: true, message, data }),
    output: z.object({
      success: z.literal(true),
      message: z.literal(message),
      data: recordSchema(leaveRequestsDef),
    }),
  };
}

/** Approve with a replacement (or none), as the /api does (the bench's write). */
export const approveWithReplacement = (ctx: Ctx, id: number, raw: unknown) =>
  decide(ctx, leaveApproval, id, "approve", raw) as Promise<Leave & Awaited<ReturnType<typeof leaveDetail>>>;

/**
 * POST /leave_requests/:id/walks/:walkId/reassign (the reassign dialog): one walk of an approved leave to another
 * available staff member (checked for that walk's time), or back to none (the walk returns to the walker on leave,
 * uncovered). The walk must not have started (409). The new replacement hears of it, and the one it leaves.
 */
export const reassignLeaveWalk = recordChange(leaveRequestsDef, {
  permission: "leave_requests.approve",
  input: reassignSchema,
  state: { field: "status", in: [LEAVE_STATUS.APPROVED], message: LEAVE_MESSAGES.notApproved },
  async run({ ctx, tx, id, before, input }, walkId: number) {
    const to = input.replacement_user_id;
    const [link] = await tx
      .select()
      .from(leaveRequestWalks)
      .where(and(eq(leaveRequestWalks.leave_request_id, id), eq(leaveRequestWalks.walk_id, walkId)))
      .for("update");
    if (!link) throw notFound();
    const [walkRow] = await tx
      .select({ status: dailyJobPlanWalks.status, deleted_at: dailyJobPlanWalks.deleted_at })
      .from(dailyJobPlanWalks)
      .where(eq(dailyJobPlanWalks.id, walkId))
      .for("update");
    if (!walkRow || walkRow.deleted_at) throw notFound();
    if (!NOT_STARTED.includes(walkRow.status)) throw new AppError(409, LEAVE_MESSAGES.walkStarted);
    const walk = await leaveWalk(tx, before, walkId);
    const moved = to != null && to !== link.replacement_user_id;
    if (moved) {
      await nameOf(tx, to, { lock: true });
      const ok = await availableStaff(tx, before, { window: walkWindow(walk), walks: [walk], ids: [to] });
      if (!ok.length) throw invalid({ replacement_user_id: LEAVE_MESSAGES.unavailable });
    }
    await tx
      .update(leaveRequestWalks)
      .set({ replacement_user_id: to })
      .where(eq(leaveRequestWalks.id, link.id));
    await tx
      .update(dailyJobPlanWalks)
      .set({ walker_id: to ?? link.original_walker_id, updated_at: new Date(), updated_by: ctx.userId })
      .where(eq(dailyJobPlanWalks.id, walkId));
    const when = `${dayLabel(walk.date)} at ${hhmm(walk.timeslot)}`;
    const onLeave = await nameOf(tx, before.user_id);
    const notes = [];
    if (moved)
      notes.push(
        noteTo(
          before,
          to,
          "1 walk moved to you",
          `The walk on ${when} of ${onLeave}, who is on leave, moved to you.`,
        ),
      );
    if (link.replacement_user_id != null && link.replacement_user_id !== to)
      notes.push(
        noteTo(
          before,
          link.replacement_user_id,
          "A walk was moved from you",
          `The walk on ${when} is no longer yours${to != null ? `: ${await nameOf(tx, to)} walks it` : ""}.`,
        ),
      );
    // The customer hears who walks it now (issue 22); a walk sent back uncovered tells them nothing new.
    if (moved)
      await tellCustomers(tx, [walkId], (mine) => ({
        title: "Your walker changed for a walk",
        body: `The walk of ${mine[0].pets ?? "your pet"} on ${whenText(mine)} will be walked by ${walkerText(mine[0].walker, mine[0].franchisee)}, covering for ${onLeave}.`,
      }));
    return { notify: notes };
  },
});

// ---------------------------------------------------------------------------------------------------------------
// Server actions (the list's Approve modal, Reject, the reassign dialog).

/** The staff member as the browser gets it: the id opaque, the photo's link. */
const forBrowser = (staff: StaffMember[]) =>
  staff.map(({ image_path, ...s }) => ({ ...s, id: encodeId(s.id), image_url: fileUrl(image_path) }));
export type BrowserStaff = ReturnType<typeof forBrowser>[number];

/** A leave's walks as the browser gets them (the list's sub-table, the reassign dialog): the walk's id opaque. */
export const browserWalks = (walks: LeaveWalk[] | null | undefined) =>
  (walks ?? []).map((x) => ({
    id: encodeId(x.id),
    date: x.date,
    timeslot: x.timeslot,
    status: x.status,
    status_label: WALK_STATUS_LABELS[x.status] ?? "Pending",
    // Not begun: it may still move to another replacement (the reassign dialog's Change).
    movable: NOT_STARTED.includes(x.status),
    pet_owner: x.pet_owner,
    pet_name: x.pet_name,
    walker_name: x.walker_name,
    covered: x.covered,
  }));
export type BrowserWalk = ReturnType<typeof browserWalks>[number];
/**
 * The list's and the inbox's server actions: the kernel's (create, update, delete, restore, export), `decide` (the
 * DecisionDialog's approve with `replacement_user_id` an opaque id or null, and reject), the replacement picker's
 * staff and the reassign dialog's one walk.
 */
export const leaveRequestActions = {
  ...entityActions(leaveRequestsCrud),
  ...approvalActions(leaveApproval, { ids: ["replacement_user_id"] }),
  availableStaff: recordAction(async (ctx, id, walkOpaqueId?: string) =>
    forBrowser(await leaveAvailableStaff(ctx, id, (await decodeActionId(walkOpaqueId)) ?? undefined)),
  ),
  /** The leave's walks as they stand (after an approval: the reassign dialog shows who has each now). */
  walks: recordAction(async (ctx, id) =>
    browserWalks((await leaveRequestsCrud.get(ctx, id)).walks as LeaveWalk[]),
  ),
  reassign: recordAction(async (ctx, id, walkOpaqueId: string, replacement: string | null) => {
    const walkId = (await decodeActionId(walkOpaqueId))!;
    const r = await reassignLeaveWalk(
      ctx,
      id,
      { replacement_user_id: await decodeActionId(replacement) },
      walkId,
    );
    return { id: encodeId(id), message: LEAVE_MESSAGES.reassigned, walks: browserWalks(r.walks) };
  }),
};
