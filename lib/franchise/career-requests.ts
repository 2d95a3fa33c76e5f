import "server-only";
import { and, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import {
  daycareCareerRequests,
  franchiseeCareerRequests,
  petTrainerCareerRequests,
  petWalkieCareerRequests,
  positions,
  users,
} from "@/db/schema";
import { authorize, requireCompany, type Ctx } from "@/lib/platform/context";
import type { Tx } from "@/lib/platform/db";
import {
  companyScope,
  crudOf,
  defineEntity,
  type EntityName,
  type EntityTable,
  type Scope,
} from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { AppError, notFound, type FieldErrors } from "@/lib/platform/errors";
import { decodeId, encodeId } from "@/lib/platform/ids";
import { enumFilter, type List, type Selection } from "@/lib/platform/list";
import { approvalActions, approvalOf, decide } from "@/lib/platform/approval";
import { writeAudit } from "@/lib/platform/mutations";
import { notify, type NewNotification } from "@/lib/platform/notifications";
import { ROLE } from "@/lib/platform/permissions";
import { flag, optionalText } from "@/lib/platform/schemas";

// The four career requests (spec 002 §2 Career requests, §3, §4): walker ("pet walkie"), trainer, franchisee and
// daycare applications sent from the mobile app, reviewed in the portal. One factory (careerRequest) so the four
// stay alike: the review form (status, is_active, rejection reason), Approve and Reject from pending only, the
// created-record link, request_by, the list's approval filter and labels.

/** The four kinds of application, as GET my_career_requests names them, with the words the applicant reads. */
export const CAREER_KINDS = {
  pet_walkie: { label: "Pet Walkie", application: "pet walker" },
  pet_trainer: { label: "Pet Trainer", application: "pet trainer" },
  franchisee: { label: "Franchisee", application: "franchisee" },
  daycare: { label: "Daycare", application: "daycare" },
} as const;
export type CareerKind = keyof typeof CAREER_KINDS;

/**
 * What the applicant (request_by) hears when their application is decided (decision: the spec words none): the
 * title names the kind and the decision; a rejection's body is the reason.
 */
export function decisionNotice(kind: CareerKind, status: number, reason: unknown) {
  const what = `Your ${CAREER_KINDS[kind].application} application`;
  return status === 1
    ? { title: `${what} has been approved.`, body: null }
    : {
        title: `${what} has been rejected.`,
        body: typeof reason === "string" && reason ? `Reason: ${reason}` : null,
      };
}

/** Approval (spec 002 §4, §9): pending 0, approved 1, rejected 2. */
export const CAREER_STATUS = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;
export const CAREER_STATUS_LABELS: Record<number, string> = { 0: "PENDING", 1: "APPROVED", 2: "REJECTED" };
export const CAREER_STATUS_OPTIONS = [
  { value: "0", label: "PENDING" },
  { value: "1", label: "APPROVED" },
  { value: "2", label: "REJECTED" },
];

/** Texts of the review (not given by the spec, except the reason's, which is the walk requests' own). */
export const CAREER_MESSAGES = {
  reasonRequired: "Reason is required for rejection.",
  notPending: "This request is no longer pending: only a pending request can be approved or rejected.",
  createdStays: "A record has been created from this request: it stays approved.",
  pendingExists: "You already have a pending application.",
  createdKept: "A record has been created from this request: it cannot be deleted.",
  restorePending: "The applicant has another pending application of this kind: this one cannot be restored.",
  notApproved: "The career request is not approved.",
  alreadyCreated: "A record has already been created from this career request.",
  approved: "Request approved successfully.",
  rejected: "Request rejected successfully.",
} as const;

const approvalStatus = z.coerce
  .number({ error: "The selected status is invalid." })
  .int("The selected status is invalid.")
  .refine((n) => n === 0 || n === 1 || n === 2, "The selected status is invalid.");

/** The review form (the edit screen): only status, Is Active and the rejection reason (spec 002 §2). */
export const careerUpdateFields = {
  status: approvalStatus.optional(),
  is_active: flag.optional(),
  rejection_reason: optionalText("rejection reason", 1000).optional(),
};
export const careerUpdateSchema = z.object(careerUpdateFields);

// ---------------------------------------------------------------------------------------------------------------
// Pieces of the application forms (decisions: the spec gives no bounds): a name and a phone are required; an age is
// 16 to 100 whole years; a pin code is India's 6 digits; codes are 0, 1 or 2; flags default to 0.

const blankToNull = (v: unknown) => (v === "" ? null : v);

/** An optional whole number from `min` to `max`; blank or missing → null. */
const optionalInt = (min: number, max: number, message: string) =>
  z
    .preprocess(
      blankToNull,
      z.coerce.number({ error: message }).int(message).min(min, message).max(max, message).nullish(),
    )
    .transform((v) => v ?? null);

export const applicationAge = optionalInt(16, 100, "The age must be a whole number from 16 to 100.");
/** A code of the spec's lists (gender, applying as, work type): 0, 1 or 2. */
export const applicationCode = (label: string) => optionalInt(0, 2, `The selected ${label} is invalid.`);
export const applicationPinCode = optionalText("pin code", 10).refine(
  (v) => v == null || /^\d{6}$/.test(v),
  "The pin code must be 6 digits.",
);
/** An optional email address; blank → null. */
export const applicationEmail = optionalText("email", 191).refine(
  (v) => v == null || z.email().safeParse(v).success,
  "The email must be a valid email address.",
);
/** A 1/0 answer of the application (no answer reads 0). */
export const applicationFlag = flag.default(0);

// ---------------------------------------------------------------------------------------------------------------
// Pieces of the lists: labels as SQL, so the table, /api and the export read the same words.

/** 1 → YES, anything else NO (spec 002 §9: toggles show YES or NO). */
export const yesNo = (c: AnyPgColumn) => sql<string>`case when ${c} = 1 then 'YES' else 'NO' end`;

/** A code's label (`labels`), `otherwise` for any other value (null included). */
export function labelOf(c: AnyPgColumn, labels: Record<number, string>, otherwise: string): SQL<string> {
  const whens = Object.entries(labels).map(
    ([k, v]) => sql`when ${c} = ${sql.raw(String(Number(k)))} then ${v}`,
  );
  return sql<string>`case ${sql.join(whens, sql` `)} else ${otherwise} end`;
}

/** A date column as YYYY-MM-DD text (the export and the table show it as such). */
export const dateText = (c: AnyPgColumn) => sql<string | null>`to_char(${c}, 'YYYY-MM-DD')`;

/** The applicant's account name (request_by.user_name), from a join on users. */
export const requestByName = sql<
  string | null
>`coalesce(nullif(trim(${users.user_name}), ''), nullif(trim(concat_ws(' ', ${users.first_name}, ${users.last_name})), ''))`;

/** The approval filter (status=0|1|2) every career list offers. */
export const approvalFilter = (c: AnyPgColumn) => enumFilter(c, "Approval Status", CAREER_STATUS_OPTIONS);

// ---------------------------------------------------------------------------------------------------------------
// The factory.

type CareerTable = EntityTable & {
  company_id: AnyPgColumn;
  status: AnyPgColumn;
  rejection_reason: AnyPgColumn;
  request_by: AnyPgColumn;
  created_record_id: AnyPgColumn;
};

type Rec = Record<string, unknown>;

type CareerDecl<T extends CareerTable, C extends z.ZodType, S extends Selection> = {
  name: EntityName;
  /** Which application this is (GET my_career_requests' `kind`, the applicant's notification). */
  kind: CareerKind;
  noun: string;
  plural: string;
  href: string;
  table: T;
  /** Default the acting company (companyScope); franchisee requests narrow a MASTER FRANCHISEE to their zones. */
  scope?: Scope;
  /** The application as the mobile app sends it. */
  create: C;
  /** Default careerUpdateSchema (franchisee requests add zone_id). */
  update?: z.ZodObject;
  list: List<S>;
  messages: { deleted: string; restored: string };
  detail?: (db: import("@/lib/platform/db").Executor, row: T["$inferSelect"]) => Promise<Rec>;
  detailSchema?: z.ZodRawShape;
  /** Keys of the create input that are no columns (child rows), kept out of the insert. */
  childKeys?: readonly string[];
  /** The entity's own checks of an application, before it is written. */
  checkCreate?: (a: { ctx: Ctx; tx: Tx; input: Rec; errors: FieldErrors }) => Promise<void>;
  /** After the insert, in the same transaction (child rows). */
  afterCreate?: (a: { ctx: Ctx; tx: Tx; input: Rec; row: Rec }) => Promise<void>;
  /** The entity's own checks of a review save (a franchisee request's zone). */
  checkUpdate?: (a: { ctx: Ctx; tx: Tx; before: Rec; patch: Rec; errors: FieldErrors }) => Promise<void>;
};

/**
 * A career request entity: its declaration, domain functions, Approve / Reject and server actions.
 * - POST (create): an application. A signed-in app user (role USER) is its request_by, with one pending application
 *   of a kind at a time (409); staff entering a paper application leave request_by empty. It starts pending.
 * - PATCH (the edit screen's review): status (any of the three, spec 002 §4), is_active, rejection_reason — required
 *   when the status is rejected, cleared otherwise. A request something was created from stays approved.
 * - approve / reject (the list's buttons): from pending only (409 otherwise); reject needs a reason.
 */
export function careerRequest<T extends CareerTable, C extends z.ZodType, S extends Selection>(
  o: CareerDecl<T, C, S>,
) {
  const t = o.table;
  const def = defineEntity({
    name: o.name,
    noun: o.noun,
    plural: o.plural,
    href: o.href,
    table: t,
    scope: o.scope ?? companyScope(t),
    create: o.create,
    update: o.update ?? careerUpdateSchema,
    list: o.list,
    messages: o.messages,
    detail: o.detail,
    detailSchema: o.detailSchema,
  });

  /** The applicant hears of a decision, in the decision's transaction (paper applications have no applicant). */
  const toApplicant = (row: Rec): NewNotification[] => {
    const status = row.status as number;
    if (row.request_by == null || (status !== CAREER_STATUS.APPROVED && status !== CAREER_STATUS.REJECTED))
      return [];
    const n = decisionNotice(o.kind, status, row.rejection_reason);
    return [{ userId: row.request_by as number, companyId: (row.company_id as number | null) ?? null, ...n }];
  };

  /** Approve and Reject from pending (the list's buttons, /api, the inbox): the approval kernel takes them. */
  const approval = approvalOf({
    entity: def,
    kind: o.noun,
    field: t.status,
    states: CAREER_STATUS_LABELS,
    pending: CAREER_STATUS.PENDING,
    reasonField: t.rejection_reason,
    reasonMessages: { required: CAREER_MESSAGES.reasonRequired, max: 1000 },
    permission: def.permission("update"),
    notInState: CAREER_MESSAGES.notPending,
    transitions: {
      approve: {
        from: [CAREER_STATUS.PENDING],
        to: CAREER_STATUS.APPROVED,
        label: "Approve",
        path: `${o.name}/approve/:id`,
        summary: `Approve a pending ${o.noun.toLowerCase()} (409 when it is no longer pending)`,
        // Spec 002 §2, word for word.
        confirm: {
          title: "Are you sure to Approve?",
          description: "Are you sure you want to approve this request?",
        },
        success: CAREER_MESSAGES.approved,
        notify: ({ row }) => toApplicant(row),
      },
      reject: {
        from: [CAREER_STATUS.PENDING],
        to: CAREER_STATUS.REJECTED,
        label: "Reject",
        reason: "required",
        path: `${o.name}/reject/:id`,
        summary: `Reject a pending ${o.noun.toLowerCase()} with a reason (409 when it is no longer pending)`,
        confirm: { title: "Reject this request?", description: "Give the reason for the rejection." },
        success: CAREER_MESSAGES.rejected,
        notify: ({ row }) => toApplicant(row),
      },
    },
    inbox: {
      title: MINE[o.kind].name,
      // "Walkie career request": the inbox names kinds in sentence case.
      label: o.noun.charAt(0) + o.noun.slice(1).toLowerCase(),
      askedBy: t.request_by,
      asker: MINE[o.kind].name,
      summary: sql<string>`coalesce(${(t as T & { phone_no: AnyPgColumn }).phone_no}, '')`,
      href: (id) => `${o.href}/${id}`,
    },
  });

  /** The applicant's other live pending application of this kind, if any (one at a time). */
  const openOf = async (tx: Tx, companyId: number, applicant: number, except?: number) => {
    const [open] = await tx
      .select({ id: t.id })
      .from(t as PgTable)
      .where(
        and(
          eq(t.request_by, applicant),
          eq(t.status, CAREER_STATUS.PENDING),
          isNull(t.deleted_at),
          eq(t.company_id, companyId),
          except != null ? sql`${t.id} <> ${except}` : undefined,
        ),
      )
      .limit(1);
    return open;
  };

  const crud = crudOf(def, {
    // Decision (issue 25): a request a staff user or franchisee was created from keeps its record's provenance: it
    // refuses deletion (409). A restore runs the create's rule: one pending application of a kind per applicant.
    guard: async ({ row }) => {
      if ((row as Rec).created_record_id != null) throw new AppError(409, CAREER_MESSAGES.createdKept);
    },
    restoreGuard: async ({ tx, row }) => {
      const r = row as Rec;
      if (r.status !== CAREER_STATUS.PENDING || r.request_by == null) return;
      if (await openOf(tx, r.company_id as number, r.request_by as number, r.id as number))
        throw new AppError(409, CAREER_MESSAGES.restorePending);
    },
    async create({ ctx, tx, input, insert, errors }) {
      const values = { ...(input as Rec) };
      for (const k of o.childKeys ?? []) delete values[k];
      const fromApp = ctx.roleName === ROLE.USER;
      if (fromApp && (await openOf(tx, requireCompany(ctx), ctx.userId)))
        throw new AppError(409, CAREER_MESSAGES.pendingExists);
      await o.checkCreate?.({ ctx, tx, input: input as Rec, errors });
      const row = await insert({
        ...values,
        request_by: fromApp ? ctx.userId : null,
        status: CAREER_STATUS.PENDING,
        rejection_reason: null,
        created_record_id: null,
      });
      await o.afterCreate?.({ ctx, tx, input: input as Rec, row: row as Rec });
      return row;
    },
    async update({ ctx, tx, before, patch, write, errors }) {
      const b = before as Rec;
      const values = { ...(patch as Rec) };
      const status = (values.status ?? b.status) as number;
      if (
        values.status !== undefined &&
        values.status !== CAREER_STATUS.APPROVED &&
        b.created_record_id != null
      )
        errors.status = CAREER_MESSAGES.createdStays;
      if (values.status !== undefined || values.rejection_reason !== undefined) {
        if (status === CAREER_STATUS.REJECTED) {
          const reason = values.rejection_reason !== undefined ? values.rejection_reason : b.rejection_reason;
          if (!reason) errors.rejection_reason = CAREER_MESSAGES.reasonRequired;
        } else values.rejection_reason = null;
      }
      await o.checkUpdate?.({ ctx, tx, before: b, patch: values, errors });
      const row = await write(values);
      if (values.status !== undefined && values.status !== b.status && !Object.keys(errors).length)
        await notify(toApplicant(row as Rec), tx);
      return row;
    },
  });

  const approve = (ctx: Ctx, input: { id: number }) => decide(ctx, approval, input.id, "approve", input);
  const reject = (ctx: Ctx, input: { id: number; rejection_reason?: unknown }) =>
    decide(ctx, approval, input.id, "reject", input);
  const actions = { ...entityActions(crud), ...approvalActions(approval) };
  return { def, crud, approval, approve, reject, actions };
}

// ---------------------------------------------------------------------------------------------------------------
// The staff user created from an approved walker, trainer or daycare application (issue 10): the approve dialog
// and the row offer /franchisee-staffs/create?career_request=<kind>:<opaque id>, which pre-fills the user form; the
// user's save links the request (created_record_id) in its own transaction.

const STAFF_KINDS = {
  walkie: {
    table: petWalkieCareerRequests,
    entity: "pet_walkie_career_requests",
    name: petWalkieCareerRequests.user_name,
    email: null,
    position: "WALK",
  },
  trainer: {
    table: petTrainerCareerRequests,
    entity: "pet_trainer_career_requests",
    name: petTrainerCareerRequests.user_name,
    email: petTrainerCareerRequests.email,
    position: "TRAIN",
  },
  daycare: {
    table: daycareCareerRequests,
    entity: "daycare_career_requests",
    name: daycareCareerRequests.full_name,
    email: daycareCareerRequests.email,
    position: "DAYCARE",
  },
} as const;
export type StaffCareerKind = keyof typeof STAFF_KINDS;

/** The user form's `career_request` value for an application: `<kind>:<opaque id>`. */
export const careerRequestRef = (kind: StaffCareerKind, opaqueId: string) => `${kind}:${opaqueId}`;

/** Where the approve dialog and the row send an admin to create the staff user of an application. */
export const staffCreateHref = (kind: StaffCareerKind, opaqueId: string) =>
  `/franchisee-staffs/create?career_request=${encodeURIComponent(careerRequestRef(kind, opaqueId))}`;

function parseRef(ref: string): { kind: StaffCareerKind; id: number } | null {
  const [kind, opaque] = ref.split(":");
  if (!Object.hasOwn(STAFF_KINDS, kind ?? "")) return null;
  const id = decodeId(opaque) ?? (/^\d{1,10}$/.test(opaque ?? "") ? Number(opaque) : null);
  return id == null ? null : { kind: kind as StaffCareerKind, id };
}

/**
 * The approved application a `career_request` names, locked when `tx` is a transaction: the caller must hold the
 * request's update permission (403), the request must be a live one of the acting company (404), approved and not
 * yet turned into a record (409).
 */
async function approvedApplication(db: Pick<Tx, "select">, ctx: Ctx, ref: string, lock: boolean) {
  const p = parseRef(ref);
  if (!p) throw notFound();
  const k = STAFF_KINDS[p.kind];
  authorize(ctx, `${k.entity}.update`);
  const q = db
    .select({
      id: k.table.id,
      request_by: k.table.request_by,
      name: k.name,
      phone: k.table.phone_no,
      email: k.email ?? sql<string | null>`null`,
      status: k.table.status,
      created_record_id: k.table.created_record_id,
    })
    .from(k.table)
    .where(
      and(eq(k.table.id, p.id), isNull(k.table.deleted_at), eq(k.table.company_id, requireCompany(ctx))),
    );
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound();
  if (row.status !== CAREER_STATUS.APPROVED) throw new AppError(409, CAREER_MESSAGES.notApproved);
  if (row.created_record_id != null) throw new AppError(409, CAREER_MESSAGES.alreadyCreated);
  return { ...p, row, entity: k.entity, table: k.table };
}

/**
 * The user form's values from an application (the staff create screen): first word of the name as first name, the
 * rest as last name, phone, email where the application has one, and the `career_request` the save links.
 */
export async function staffPrefill(ctx: Ctx, ref: string) {
  const { getDb } = await import("@/lib/platform/db");
  const db = await getDb();
  const a = await approvedApplication(db, ctx, ref, false);
  // An app user's application: the staff user is their own account, promoted (its login email stays).
  const [applicant] =
    a.row.request_by == null
      ? []
      : await db
          .select({ email: users.email })
          .from(users)
          .where(
            and(
              eq(users.id, a.row.request_by),
              eq(users.company_id, requireCompany(ctx)),
              isNull(users.deleted_at),
            ),
          );
  // The position the kind implies: the company's live position named after it (walker, trainer, daycare), else
  // FRANCHISEE STAFF; the form lets the admin choose another.
  const found = await db
    .select({ id: positions.id, name: positions.name })
    .from(positions)
    .where(
      and(
        eq(positions.company_id, requireCompany(ctx)),
        isNull(positions.deleted_at),
        eq(positions.is_active, 1),
      ),
    );
  const hint = STAFF_KINDS[a.kind].position;
  const position =
    found.find((p) =>
      p.name
        .toUpperCase()
        .replace(/[\s_-]+/g, "")
        .includes(hint),
    ) ?? found.find((p) => p.name.trim().toUpperCase() === "FRANCHISEE STAFF");
  const [first, ...rest] = a.row.name.trim().split(/\s+/);
  return {
    position_id: position ? String(position.id) : "",
    first_name: first ?? "",
    last_name: rest.join(" "),
    phone: a.row.phone ?? "",
    email: applicant?.email ?? a.row.email ?? "",
    career_request: careerRequestRef(a.kind, encodeId(a.id)),
  };
}

/**
 * The user create's link to its application (lib/admin/users/users.ts): checked before the user is written (the
 * request locked), then `link(userId)` sets the request's created_record_id, with an audit record of the request.
 */
export async function staffCareerLink(tx: Tx, ctx: Ctx, ref: string | null | undefined) {
  if (!ref) return null;
  const a = await approvedApplication(tx, ctx, ref, true);
  const link = async (userId: number) => {
    const t = a.table;
    const [before] = await tx.select().from(t).where(eq(t.id, a.id));
    const [after] = await tx
      .update(t)
      .set({ created_record_id: userId, updated_at: new Date(), updated_by: ctx.userId })
      .where(eq(t.id, a.id))
      .returning();
    await writeAudit(tx, ctx, {
      entity: a.entity,
      entityId: a.id,
      action: "update",
      before,
      after,
      companyId: after.company_id,
    });
  };
  /** The app account that applied (request_by), if any: "Create staff user" promotes it (lib/admin/users). */
  return Object.assign(link, { applicantId: a.row.request_by as number | null });
}

// ---------------------------------------------------------------------------------------------------------------
// For the screens.

/** A code's label on the edit screen (`labels`, `otherwise` for any other value; null reads as not given). */
export const codeLabel = (l: { labels: Record<number, string>; otherwise: string }, v: number | null) =>
  v == null ? null : (l.labels[v] ?? l.otherwise);
export const yesNoText = (v: number | null) => (v === 1 ? "YES" : "NO");

/** A list page's rows with the created record's id opaque, as every other id the browser sees. */
export function withOpaqueCreated<P extends { rows: { created_record_id?: unknown }[] }>(
  table: Promise<P>,
): Promise<
  Omit<P, "rows"> & {
    rows: (Omit<P["rows"][number], "created_record_id"> & { created_record_id: string | null })[];
  }
> {
  const mapped = table.then((t) => ({
    ...t,
    rows: t.rows.map((r) => ({
      ...r,
      created_record_id: r.created_record_id == null ? null : encodeId(r.created_record_id as number),
    })),
  }));
  mapped.catch(() => {});
  return mapped as never;
}

/**
 * The users of an application (the walker and trainer "users views", whose content the spec does not show): the
 * applicant's own account (request_by) and the staff user created from it, each with what the caller may open.
 */
export async function applicationUsers(
  ctx: Ctx,
  row: { request_by: number | null; created_record_id: number | null },
) {
  const { getDb } = await import("@/lib/platform/db");
  const { can } = await import("@/lib/platform/context");
  const ids = [row.request_by, row.created_record_id].filter((v): v is number => v != null);
  const found = ids.length
    ? await (
        await getDb()
      )
        .select({
          id: users.id,
          name: requestByName,
          email: users.email,
          phone: users.phone,
          franchisee_id: users.franchisee_id,
        })
        .from(users)
        .where(
          and(inArray(users.id, ids), eq(users.company_id, requireCompany(ctx)), isNull(users.deleted_at)),
        )
    : [];
  const one = (id: number | null, href: (opaque: string) => string) => {
    const u = found.find((f) => f.id === id);
    return u
      ? {
          name: u.name ?? u.email,
          email: u.email,
          phone: u.phone,
          href: can(ctx, "users.view") ? href(encodeId(u.id)) : null,
        }
      : null;
  };
  return {
    applicant: one(row.request_by, (o) => `/users/${o}`),
    staff: one(row.created_record_id, (o) => `/franchisee-staffs/${o}`),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// GET my_career_requests: an applicant follows their own applications (issue 22).

const MINE: Record<CareerKind, { table: CareerTable & PgTable; name: AnyPgColumn }> = {
  pet_walkie: { table: petWalkieCareerRequests, name: petWalkieCareerRequests.user_name },
  pet_trainer: { table: petTrainerCareerRequests, name: petTrainerCareerRequests.user_name },
  franchisee: { table: franchiseeCareerRequests, name: franchiseeCareerRequests.full_name },
  daycare: { table: daycareCareerRequests, name: daycareCareerRequests.full_name },
};

/** The most applications of one kind answered (an applicant has a handful; one pending of a kind at a time). */
export const MY_CAREER_REQUESTS_MAX = 100;

export const myCareerRequestSchema = z.object({
  kind: z.enum(Object.keys(CAREER_KINDS) as [CareerKind, ...CareerKind[]]),
  kind_label: z.string(),
  id: z.number().int(),
  name: z.string().nullable().describe("The name on the application."),
  status: z.number().int().describe("0 pending, 1 approved, 2 rejected."),
  status_label: z.enum(["PENDING", "APPROVED", "REJECTED"]),
  rejection_reason: z.string().nullable().describe("The remark of a rejection."),
  created_at: z.date().or(z.string()),
  created_record_id: z
    .number()
    .int()
    .nullable()
    .describe("What the application became: the staff user or franchisee created from it."),
});
export type MyCareerRequest = z.infer<typeof myCareerRequestSchema>;

/**
 * The caller's own applications of every kind (request_by = the caller) in the acting company, live ones, newest
 * first. Any signed-in user: nobody else's rows can appear, so no permission is needed beyond being signed in.
 */
export async function myCareerRequests(ctx: Ctx): Promise<MyCareerRequest[]> {
  const { getDb } = await import("@/lib/platform/db");
  const db = await getDb();
  const company = requireCompany(ctx);
  const all: (MyCareerRequest & { at: string })[] = [];
  for (const [kind, k] of Object.entries(MINE) as [CareerKind, (typeof MINE)[CareerKind]][]) {
    const t = k.table;
    const rows = await db
      .select({
        id: t.id,
        name: k.name,
        status: t.status,
        rejection_reason: t.rejection_reason,
        created_at: t.created_at,
        // Microseconds, which a Date drops: applications made in one millisecond still order newest first.
        at: sql<string>`to_char(${t.created_at} at time zone 'UTC', 'YYYYMMDDHH24MISSUS')`,
        created_record_id: t.created_record_id,
      })
      .from(t as PgTable)
      .where(and(eq(t.request_by, ctx.userId), eq(t.company_id, company), isNull(t.deleted_at)))
      .orderBy(desc(t.created_at), desc(t.id))
      .limit(MY_CAREER_REQUESTS_MAX);
    for (const r of rows) {
      const status = Number(r.status ?? 0);
      all.push({
        kind,
        kind_label: CAREER_KINDS[kind].label,
        id: r.id as number,
        name: (r.name as string | null) ?? null,
        status,
        status_label: (CAREER_STATUS_LABELS[status] ?? "PENDING") as MyCareerRequest["status_label"],
        rejection_reason: (r.rejection_reason as string | null) ?? null,
        created_at: r.created_at as Date,
        created_record_id: (r.created_record_id as number | null) ?? null,
        at: String(r.at),
      });
    }
  }
  return all
    .sort((a, b) => (a.at === b.at ? b.id - a.id : a.at < b.at ? 1 : -1))
    .map((r) => {
      const { at, ...rest } = r;
      void at;
      return rest;
    });
}

/**
 * The spec's `request_by.user_name` (002 §3) on /api answers of career requests: `request_by` becomes
 * `{ id, user_name }` (null for a paper application), its id also as `request_by_id`. One lookup for a page.
 */
export async function withRequestBy(ctx: Ctx, rows: Rec[]): Promise<Rec[]> {
  const ids = [...new Set(rows.map((r) => r.request_by).filter((v): v is number => typeof v === "number"))];
  const { getDb } = await import("@/lib/platform/db");
  const found = ids.length
    ? await (
        await getDb()
      )
        .select({ id: users.id, name: requestByName, email: users.email })
        .from(users)
        .where(and(inArray(users.id, ids), eq(users.company_id, requireCompany(ctx))))
    : [];
  const names = new Map(found.map((u) => [u.id, u.name ?? u.email]));
  return rows.map((r) => {
    const id = typeof r.request_by === "number" ? r.request_by : null;
    return {
      ...r,
      request_by_id: id,
      request_by: id == null ? null : { id, user_name: names.get(id) ?? null },
    };
  });
}

export const requestByShape = {
  request_by_id: z.number().int().nullable().describe("The applicant's account (the app user who applied)."),
  request_by: z
    .object({ id: z.number().int(), user_name: z.string().nullable() })
    .nullable()
    .describe("The applicant's account; null for an application staff entered from paper."),
};
