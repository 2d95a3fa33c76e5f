import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import {
  franchiseeCareerRequests,
  franchisees,
  franchiseesSearchText,
  positions,
  users,
  valueLists,
} from "@/db/schema";
import { ensureKycRows, refreshKycValidity } from "@/lib/franchise/kyc-validity";
import { checkMasterRow, masterRows, ZONES_VALUE, type MasterRow } from "@/lib/franchise/master-rows";
import { can, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, rowsOf, type Executor, type Tx } from "@/lib/platform/db";
import { approvalActions, approvalOf, guardFields } from "@/lib/platform/approval";
import { crudOf, defineEntity, networkScope, upsertOf, wrapBuilt, zoneFilter } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { invalid, type FieldErrors } from "@/lib/platform/errors";
import { encodeId, parseIdParam } from "@/lib/platform/ids";
import {
  booleanFilter,
  defineList,
  enumFilter,
  idAndStatusColumns,
  rawParam,
  referenceFilter,
  type ListFilter,
} from "@/lib/platform/list";
import { writeAudit } from "@/lib/platform/mutations";
import { franchiseeAdminIds } from "@/lib/platform/notifications";
import { sendWelcomeCode } from "@/lib/platform/password-reset";
import { unusablePassword } from "@/lib/platform/passwords";
import { POSITION, ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { blankToNull, email, flag, optionalId, phone, requiredText } from "@/lib/platform/schemas";

/** Approval of a franchisee (spec 002 §4, §9): 0 pending, 1 approved, 2 rejected. */
export const APPROVAL = { PENDING: 0, APPROVED: 1, REJECTED: 2 } as const;
export const APPROVAL_LABELS: Record<number, string> = { 0: "PENDING", 1: "APPROVED", 2: "REJECTED" };

/** Days ahead the list's "KYC expiring" filter looks (beyond the spec: kyc_expiring=1). */
export const KYC_EXPIRING_DAYS = 30;

/** Spec 002 texts (§8) and the messages of this module's own rules (not spec texts). */
export const FRANCHISEE_MESSAGES = {
  zoneUpdated: "Zone updated successfully",
  zoneUpdatedTitle: "Success",
  zone: "The selected zone is invalid.",
  zoneOutsideOwn: "You can only choose one of your own zones.",
  minutes: "The working hours may only start and end on the hour or half hour (minutes 00 or 30).",
  time: "The working hours must be times like 09:30.",
  endBeforeStart: "The end time cannot be before the start time.",
  bothTimes: "The working hours need both a start time and an end time.",
  rejectionRequired: "The rejection reason field is required when the status is rejected.",
  emailTaken: "The email has already been taken.",
  careerRequest: "The selected career request is invalid.",
  careerRequestNotApproved: "The career request must be approved before a franchisee is created from it.",
  careerRequestUsed: "A franchisee has already been created from this career request.",
  notPending: "This franchisee is no longer pending: only a pending franchisee can be approved or rejected.",
} as const;

const coordinate = (label: string, limit: number) =>
  z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: `The ${label} must be a number.` })
      .min(-limit, `The ${label} must be between -${limit} and ${limit}.`)
      .max(limit, `The ${label} must be between -${limit} and ${limit}.`)
      .nullable(),
  );

/**
 * A working-hours time as sent: any short text, blank → null. Its format, the 00/30 minutes and the order are
 * checked with the record's other value (an edit may send one of the two), all under `working_hours` (§5's name).
 */
const time = z.preprocess(blankToNull, z.string().trim().max(8).nullable());

/** The approver's fields (spec 002 §2, §6: ADMIN and SUPER ADMIN, i.e. franchisees.approve), on edit only. */
const approvalFields = {
  status: z.coerce
    .number({ error: "The selected status is invalid." })
    .int("The selected status is invalid.")
    .min(0, "The selected status is invalid.")
    .max(2, "The selected status is invalid."),
  is_kyc_valid: flag,
  rejection_reason: z.preprocess(
    blankToNull,
    z.string().trim().max(1000, "The rejection reason may not be greater than 1000 characters.").nullable(),
  ),
};

/** The career request a franchisee is created from: its plain or opaque id (blank → none). */
const careerRequestId = z
  .unknown()
  .optional()
  .transform((v, c) => {
    if (v == null || v === "") return null;
    const id = typeof v === "number" ? (Number.isSafeInteger(v) ? v : null) : parseIdParam(String(v).trim());
    if (id == null || id > 2_147_483_647) {
      c.addIssue({ code: "custom", message: FRANCHISEE_MESSAGES.careerRequest });
      return z.NEVER;
    }
    return id;
  });

const franchiseeFields = {
  name: requiredText("name", 200),
  email: email().pipe(z.string().max(191, "The email may not be greater than 191 characters.")),
  phone: phone(),
  address: requiredText("address", 500),
  description: requiredText("description", 2000),
  latitude: coordinate("latitude", 90),
  longitude: coordinate("longitude", 180),
  zone_id: optionalId("zone"),
  start_time: time,
  end_time: time,
};

/** Ignored parameters the spec's client sends with the form (§7: role_id=4). */
const ignored = {
  role_id: z.unknown().optional().describe("Sent by the spec's client (4); accepted and ignored."),
  position_id: z.unknown().optional().describe("Sent by the spec's client; accepted and ignored."),
};

/**
 * The franchisee form (spec 002 §2, §3, §5): name, email, phone, address, description required; latitude
 * (-90..90) and longitude (-180..180) optional; zone (a row of the company's ZONES master); working hours. A new
 * franchisee is pending with KYC not valid; `career_request_id` names the approved franchisee career request it
 * is created from.
 */
export const franchiseeCreateSchema = z.object({
  ...franchiseeFields,
  is_active: flag.default(1),
  career_request_id: careerRequestId,
  ...ignored,
});

/** The edit: a PATCH writes what it sends (the inline zone change sends zone_id alone); approval fields for approvers. */
export const franchiseeUpdateSchema = z
  .object(franchiseeFields)
  .partial()
  .extend({ is_active: flag.optional(), ...ignored })
  .extend(
    Object.fromEntries(Object.entries(approvalFields).map(([k, f]) => [k, f.optional()])) as {
      [K in keyof typeof approvalFields]: z.ZodOptional<(typeof approvalFields)[K]>;
    },
  );

// ---------------------------------------------------------------------------------------------------------------
// The list.

/**
 * kyc_expiring=1 (beyond the spec): franchisees holding an approved, live KYC document whose expiry falls within
 * the next KYC_EXPIRING_DAYS days (today included; already expired documents are not "expiring"). An EXISTS on
 * franchisee_kyc_documents, which its expiry index (approved, live rows by expires_on) serves.
 */
const kycExpiringFilter: ListFilter = {
  label: "KYC Expiring",
  where: (raw, param) => {
    const v = rawParam(raw, param);
    if (v == null || v === "") return undefined;
    if (v !== "1") throw invalid({ [param]: "The selected kyc expiring is invalid." });
    return sql`exists (select 1 from franchisee_kyc_documents d
      where d.franchisee_id = ${franchisees.id} and d.deleted_at is null and d.status = 1
        and d.expires_on >= current_date and d.expires_on <= current_date + ${KYC_EXPIRING_DAYS}::int)`;
  },
  ui: (param) => ({
    param,
    label: "KYC Expiring",
    kind: "select",
    options: [{ value: "1", label: `WITHIN ${KYC_EXPIRING_DAYS} DAYS` }],
  }),
};

const APPROVAL_OPTIONS = Object.entries(APPROVAL_LABELS).map(([value, label]) => ({ value, label }));

/** The toolbar's filters; a MASTER FRANCHISEE gets no zone filter (spec 002 §2, §6). */
export const franchiseeToolbarFilters = (ctx: Ctx) =>
  ["is_active", "status", "is_kyc_valid", "zone_id", "kyc_expiring"].filter(
    (f) => f !== "zone_id" || ctx.zoneIds == null,
  );

// ---------------------------------------------------------------------------------------------------------------
// The entity.

/**
 * Franchisees (spec 002 §2): the acting company's; a MASTER FRANCHISEE's only in their zones, a franchisee's
 * member (its FRANCHISEE ADMIN) only their own. Any other one answers 404.
 */
export const franchiseesDef = defineEntity({
  name: "franchisees",
  noun: "Franchisee",
  href: "/franchisees",
  table: franchisees,
  // Spec 002 §2: the franchisee list's confirmation is titled 'Warning!' (the others 'Delete <name>?').
  messages: { deleteTitle: "Warning!" },
  scope: networkScope(franchisees, { zone: franchisees.zone_id, franchisee: franchisees.id }),
  create: franchiseeCreateSchema,
  update: franchiseeUpdateSchema,
  list: defineList({
    from: franchisees,
    select: {
      id: franchisees.id,
      name: franchisees.name,
      email: franchisees.email,
      phone: franchisees.phone,
      address: franchisees.address,
      zone_id: franchisees.zone_id,
      zone: valueLists.description,
      status: franchisees.status,
      is_kyc_valid: franchisees.is_kyc_valid,
      is_active: franchisees.is_active,
    },
    joins: [{ table: valueLists, on: eq(valueLists.id, franchisees.zone_id) }],
    id: franchisees.id,
    isActive: franchisees.is_active,
    deletedAt: franchisees.deleted_at,
    searchText: franchiseesSearchText(franchisees),
    filters: {
      status: enumFilter(franchisees.status, "Approval Status", APPROVAL_OPTIONS),
      is_kyc_valid: booleanFilter(franchisees.is_kyc_valid, "KYC Valid"),
      zone_id: referenceFilter(franchisees.zone_id, "Zone"),
      kyc_expiring: kycExpiringFilter,
    },
    // Name order: franchisees_list_idx (company, name, id; live rows) serves page 1; a MASTER FRANCHISEE's zones
    // franchisees_zone_idx.
    sort: { name: franchisees.name, email: franchisees.email, created_at: franchisees.created_at },
    defaultSort: "name",
    export: [
      ...idAndStatusColumns(),
      { header: "Name", field: "name" },
      { header: "Email", field: "email" },
      { header: "Phone", field: "phone" },
      { header: "Address", field: "address" },
      { header: "Zone", field: "zone" },
      { header: "Approval Status", field: "status", labels: APPROVAL_LABELS, otherwise: "PENDING" },
      { header: "KYC Valid", field: "is_kyc_valid", labels: { 1: "YES" }, otherwise: "NO" },
    ],
  }),
  // The zone's name for the edit screen and /api (the history reads the zone by id).
  detail: async (db, row) => {
    if (row.zone_id == null) return { zone: null };
    const [z0] = await db
      .select({ d: valueLists.description })
      .from(valueLists)
      .where(eq(valueLists.id, row.zone_id));
    return { zone: z0?.d ?? null };
  },
  auditDetail: async () => ({}),
  detailSchema: { zone: z.string().nullable() },
});

// ---------------------------------------------------------------------------------------------------------------
// Rules.

const TIME = /^([01]\d|2[0-3]):([0-5]\d)(?::(00))?$/;

/** Minutes since midnight of a valid working-hours time; null when the text is not one. */
const minutesOf = (t: string) => {
  const m = TIME.exec(t);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
};

/**
 * Spec 002 §5 working hours, on the values the record will hold, under `working_hours`: times like 09:30, minutes
 * 00 or 30 only, end not before start (equal is allowed: "cannot be before"), and both or neither.
 */
export function workingHoursError(start: string | null, end: string | null): string | null {
  if (start == null && end == null) return null;
  const [s, e] = [start == null ? null : minutesOf(start), end == null ? null : minutesOf(end)];
  if ((start != null && s == null) || (end != null && e == null)) return FRANCHISEE_MESSAGES.time;
  if ((s != null && s % 30 !== 0) || (e != null && e % 30 !== 0)) return FRANCHISEE_MESSAGES.minutes;
  if (s == null || e == null) return FRANCHISEE_MESSAGES.bothTimes;
  if (e < s) return FRANCHISEE_MESSAGES.endBeforeStart;
  return null;
}

/** "09:30" → "09:30:00", as the column stores it (a no-op change compares equal). */
const asTime = (t: string | null | undefined) => (t == null ? t : t.length === 5 ? `${t}:00` : t);

async function checkZone(tx: Executor, ctx: Ctx, zoneId: number | null, errors: FieldErrors) {
  if (zoneId == null) {
    // A MASTER FRANCHISEE's franchisees stay within their zones (they cannot save one out of their sight).
    if (ctx.zoneIds != null) errors.zone_id ??= FRANCHISEE_MESSAGES.zoneOutsideOwn;
    return;
  }
  if (!(await checkMasterRow(tx, ctx, ZONES_VALUE, zoneId))) errors.zone_id ??= FRANCHISEE_MESSAGES.zone;
  else if (ctx.zoneIds != null && !ctx.zoneIds.includes(zoneId))
    errors.zone_id ??= FRANCHISEE_MESSAGES.zoneOutsideOwn;
}

/** Whether an email is already some user's login (any company: users_email_uq is global). */
async function emailTaken(tx: Executor, address: string): Promise<boolean> {
  // Any company's: by the index, through the database's own lookup (db/migrations/0026_row_level_security.sql).
  const [hit] = rowsOf<{ id: number | null }>(
    await tx.execute(sql`select app_user_id_by_email(${address.toLowerCase()}) as id`),
  );
  return hit?.id != null;
}

/** The career request a franchisee is created from, locked: an approved, unused request of the company. */
async function checkCareerRequest(tx: Tx, ctx: Ctx, id: number, errors: FieldErrors) {
  const [req] = await tx
    .select({ status: franchiseeCareerRequests.status, used: franchiseeCareerRequests.created_record_id })
    .from(franchiseeCareerRequests)
    .where(
      and(
        eq(franchiseeCareerRequests.id, id),
        eq(franchiseeCareerRequests.company_id, requireCompany(ctx)),
        isNull(franchiseeCareerRequests.deleted_at),
      ),
    )
    .for("update");
  if (!req) errors.career_request_id ??= FRANCHISEE_MESSAGES.careerRequest;
  else if (req.status !== APPROVAL.APPROVED)
    errors.career_request_id ??= FRANCHISEE_MESSAGES.careerRequestNotApproved;
  else if (req.used != null) errors.career_request_id ??= FRANCHISEE_MESSAGES.careerRequestUsed;
}

/**
 * The franchisees a caller may pick or look up (pickers, filters, masters): the acting company's live, active ones;
 * a franchisee's admin only their own (none without one), a MASTER FRANCHISEE only those of their zones.
 */
export function franchiseesInScope(ctx: Ctx) {
  return and(
    eq(franchisees.company_id, requireCompany(ctx)),
    isNull(franchisees.deleted_at),
    eq(franchisees.is_active, 1),
    ctx.franchiseeId != null
      ? eq(franchisees.id, ctx.franchiseeId)
      : ctx.roleName === ROLE.FRANCHISEE_ADMIN
        ? sql`false`
        : undefined,
    zoneFilter(ctx, franchisees.zone_id),
  );
}

/** The company's live, active position named FRANCHISEE ADMIN, if it has one. */
async function franchiseeAdminPosition(tx: Executor, companyId: number): Promise<number | null> {
  const [p] = await tx
    .select({ id: positions.id })
    .from(positions)
    .where(
      and(
        eq(positions.company_id, companyId),
        sql`upper(trim(${positions.name})) = ${POSITION.FRANCHISEE_ADMIN}`,
        isNull(positions.deleted_at),
        eq(positions.is_active, 1),
      ),
    )
    .limit(1);
  return p?.id ?? null;
}

/**
 * The franchisee's FRANCHISEE ADMIN user, in the franchisee's transaction: role FRANCHISEE ADMIN, the company's
 * FRANCHISEE ADMIN position when it has one, the franchisee, the form's email and phone, the franchisee's name as
 * first name, and an unusable password (they set theirs through forgot-password; the reset code is mailed once
 * the save commits). Audited as a user creation.
 */
async function insertFranchiseeAdmin(tx: Tx, ctx: Ctx, f: typeof franchisees.$inferSelect) {
  const companyId = requireCompany(ctx);
  const firstName = Array.from(f.name).slice(0, 100).join("");
  let row: typeof users.$inferSelect;
  try {
    [row] = await tx
      .insert(users)
      .values({
        company_id: companyId,
        role_id: ROLE_IDS[ROLE.FRANCHISEE_ADMIN],
        position_id: await franchiseeAdminPosition(tx, companyId),
        franchisee_id: f.id,
        first_name: firstName,
        last_name: "",
        user_name: firstName,
        email: f.email!,
        phone: f.phone,
        password_hash: unusablePassword(),
        created_by: ctx.userId,
        updated_by: ctx.userId,
      })
      .returning();
  } catch (e) {
    // Taken in between by another save: the unique index (users_email_uq) decides.
    const err = e as { code?: string; cause?: { code?: string } };
    if (err?.code === "23505" || err?.cause?.code === "23505")
      throw invalid({ email: FRANCHISEE_MESSAGES.emailTaken });
    throw e;
  }
  const { password_hash: _h, session_version: _v, ...shown } = row;
  void _h;
  void _v;
  await writeAudit(tx, ctx, {
    entity: "users",
    entityId: row.id,
    action: "create",
    before: null,
    after: shown,
    companyId,
  });
  return row;
}

/**
 * A franchisee's approval as a workflow (spec 002 §4; lib/platform/approval.ts): a pending franchisee is approved or
 * rejected (a reason required) by ADMIN and SUPER ADMIN (franchisees.approve), from the inbox and /api; its admins
 * are told, in the decision's transaction. The approval has no effects to revert: a franchisee's admin user, staff
 * and documents come with its creation, so delete and restore stay as they are.
 */
export const franchiseeApproval = approvalOf({
  entity: franchiseesDef,
  kind: "Franchisee",
  field: franchisees.status,
  states: APPROVAL_LABELS,
  pending: APPROVAL.PENDING,
  reasonField: franchisees.rejection_reason,
  reasonMessages: { required: FRANCHISEE_MESSAGES.rejectionRequired, max: 1000 },
  permission: "franchisees.approve",
  notInState: FRANCHISEE_MESSAGES.notPending,
  // Spec 002 §2, §6: only ADMIN and SUPER ADMIN change the approval, the KYC-done toggle and the reason.
  fieldsByRole: {
    fields: ["status", "is_kyc_valid", "rejection_reason"],
    may: (ctx) => can(ctx, "franchisees.approve"),
  },
  transitions: {
    approve: {
      from: [APPROVAL.PENDING],
      to: APPROVAL.APPROVED,
      label: "Approve",
      path: "franchisees/approve/:id",
      summary: "Approve a pending franchisee (409 when it is no longer pending)",
      confirm: {
        title: "Are you sure to Approve?",
        description: "Are you sure you want to approve this franchisee?",
      },
      success: "Franchisee approved successfully.",
      notify: ({ tx, row }) => toAdmins(tx, row, "approved"),
    },
    reject: {
      from: [APPROVAL.PENDING],
      to: APPROVAL.REJECTED,
      label: "Reject",
      reason: "required",
      path: "franchisees/reject/:id",
      summary: "Reject a pending franchisee with a reason (409 when it is no longer pending)",
      confirm: { title: "Are you sure to Reject?", description: "Give the reason for the rejection." },
      success: "Franchisee rejected successfully.",
      notify: ({ tx, row }) => toAdmins(tx, row, "rejected"),
    },
  },
  inbox: {
    title: franchisees.name,
    franchisee: franchisees.id,
    askedBy: franchisees.created_by,
    asker: franchisees.name,
    summary: sql<string>`coalesce(${franchisees.email}, '')`,
  },
});

/** The franchisee's admins hear of its approval or rejection. */
async function toAdmins(tx: Executor, row: Record<string, unknown>, verdict: "approved" | "rejected") {
  const ids = await franchiseeAdminIds(tx, row.id as number);
  const reason = verdict === "rejected" && row.rejection_reason ? ` Reason: ${row.rejection_reason}` : "";
  return ids.map((userId) => ({
    userId,
    companyId: row.company_id as number,
    title: `Franchisee ${verdict}`,
    body: `${row.name} has been ${verdict}.${reason}`,
    link: `/franchisees/${encodeId(row.id as number)}`,
  }));
}

type Approval = { status?: number; is_kyc_valid?: number; rejection_reason?: string | null };

/**
 * The approver's fields on an edit: only a caller holding franchisees.approve (ADMIN, SUPER ADMIN) changes them
 * (the declaration's field rule: anyone else sending a value other than the stored one is refused, 403). A
 * rejection needs a reason; leaving rejected clears it.
 */
function approvalPatch(
  ctx: Ctx,
  before: typeof franchisees.$inferSelect,
  patch: Approval,
  errors: FieldErrors,
) {
  const sent = guardFields(franchiseeApproval, ctx, before, patch) as Approval;
  const changes =
    (sent.status !== undefined && sent.status !== before.status) ||
    (sent.is_kyc_valid !== undefined && sent.is_kyc_valid !== before.is_kyc_valid) ||
    (sent.rejection_reason !== undefined &&
      (sent.rejection_reason ?? null) !== (before.rejection_reason ?? null));
  if (!changes) return {};
  const status = sent.status ?? before.status;
  const reason = sent.rejection_reason !== undefined ? sent.rejection_reason : before.rejection_reason;
  if (status === APPROVAL.REJECTED && !reason)
    errors.rejection_reason ??= FRANCHISEE_MESSAGES.rejectionRequired;
  const out: Approval = {};
  if (sent.status !== undefined) out.status = sent.status;
  if (sent.is_kyc_valid !== undefined) out.is_kyc_valid = sent.is_kyc_valid;
  out.rejection_reason = status === APPROVAL.REJECTED ? reason : null;
  return out;
}

const crud = crudOf(franchiseesDef, {
  async create({ ctx, tx, input, insert, errors }) {
    const { career_request_id, role_id: _r, position_id: _p, ...fields } = input;
    void _r;
    void _p;
    await checkZone(tx, ctx, fields.zone_id, errors);
    const hours = workingHoursError(fields.start_time, fields.end_time);
    if (hours) errors.working_hours ??= hours;
    if (await emailTaken(tx, fields.email)) errors.email ??= FRANCHISEE_MESSAGES.emailTaken;
    if (career_request_id != null) await checkCareerRequest(tx, ctx, career_request_id, errors);
    const row = await insert({
      ...fields,
      status: APPROVAL.PENDING,
      is_kyc_valid: 0,
      career_request_id,
    });
    await insertFranchiseeAdmin(tx, ctx, row);
    if (career_request_id != null)
      await tx
        .update(franchiseeCareerRequests)
        .set({ created_record_id: row.id, updated_at: new Date(), updated_by: ctx.userId })
        .where(eq(franchiseeCareerRequests.id, career_request_id));
    // Placeholders of the company's required franchisee documents, then the derived flag (valid when none).
    await ensureKycRows(tx, requireCompany(ctx), { franchiseeId: row.id }, ctx.userId);
    const valid = await refreshKycValidity(tx, row.id);
    return { ...row, is_kyc_valid: valid ?? row.is_kyc_valid };
  },
  async update({ ctx, tx, before, patch, write, errors }) {
    const { status, is_kyc_valid, rejection_reason, role_id: _r, position_id: _p, ...fields } = patch;
    void _r;
    void _p;
    const approval = approvalPatch(ctx, before, { status, is_kyc_valid, rejection_reason }, errors);
    if (fields.zone_id !== undefined && fields.zone_id !== before.zone_id)
      await checkZone(tx, ctx, fields.zone_id, errors);
    if (fields.start_time !== undefined || fields.end_time !== undefined) {
      const start = fields.start_time !== undefined ? fields.start_time : before.start_time;
      const end = fields.end_time !== undefined ? fields.end_time : before.end_time;
      const hours = workingHoursError(start, end);
      if (hours) errors.working_hours ??= hours;
    }
    return write({
      ...fields,
      ...(fields.start_time !== undefined ? { start_time: asTime(fields.start_time) } : {}),
      ...(fields.end_time !== undefined ? { end_time: asTime(fields.end_time) } : {}),
      ...approval,
    });
  },
});

/**
 * After a franchisee's save commits, its FRANCHISEE ADMIN gets a welcome mail with a code for the forgot-password
 * screen, so they choose their password there. A mail that fails does not undo the saved franchisee: the admin can
 * ask for a code themselves on that screen.
 */
async function mailResetCode(address: string | null, franchisee: string) {
  if (!address) return;
  try {
    await sendWelcomeCode(address, `franchisee admin (${franchisee})`);
  } catch (e) {
    console.error(`[franchisees] the reset code mail to ${address} failed`, e);
  }
}

const create = wrapBuilt(crud.create, async (ctx: Ctx, raw: unknown) => {
  const row = await crud.create(ctx, raw);
  await mailResetCode(row.email, row.name);
  return row;
});

export const franchiseesCrud = { ...crud, create, upsert: upsertOf(create, crud.update) };
export const franchiseeActions = {
  ...entityActions(franchiseesCrud),
  ...approvalActions(franchiseeApproval),
};

/** The inline zone change of a list row: PATCH with zone_id alone (success text "Zone updated successfully"). */
export async function updateFranchiseeZone(ctx: Ctx, id: number, zoneId: unknown) {
  return franchiseesCrud.update(ctx, { id, zone_id: zoneId });
}

// ---------------------------------------------------------------------------------------------------------------
// Masters and the create-from-career-request prefill.

/** GET masters?context=franchisees: the company's zones (ZONES master rows), by description. */
export async function franchiseeMasters(ctx: Ctx): Promise<{ zones: MasterRow[] }> {
  return { zones: await masterRows(ctx, ZONES_VALUE) };
}

export type FranchiseePrefill = {
  career_request_id: string;
  full_name: string;
  name: string;
  email: string;
  phone: string;
  address: string;
  zone_id: string;
  description: string;
};

/**
 * /franchisees/create?career_request_id=<opaque>: the form's values from an approved, unused franchisee career
 * request of the company (name ← full_name, email, phone ← phone_no, address ← address, city, pin code, zone,
 * description ← business description or proposed location). Null when the caller may not view career requests or
 * the request is not one a franchisee can be created from (the form then starts empty).
 */
export async function careerRequestPrefill(
  ctx: Ctx,
  opaque: string | undefined,
): Promise<FranchiseePrefill | null> {
  const id = parseIdParam(opaque);
  if (id == null || !can(ctx, "franchisee_career_requests.view")) return null;
  const db = await getDb();
  const [r] = await db
    .select()
    .from(franchiseeCareerRequests)
    .where(
      and(
        eq(franchiseeCareerRequests.id, id),
        eq(franchiseeCareerRequests.company_id, requireCompany(ctx)),
        isNull(franchiseeCareerRequests.deleted_at),
        eq(franchiseeCareerRequests.status, APPROVAL.APPROVED),
        isNull(franchiseeCareerRequests.created_record_id),
      ),
    )
    .limit(1);
  if (!r) return null;
  const text = (v: string | null | undefined) => (v ?? "").trim();
  return {
    career_request_id: encodeId(r.id),
    full_name: r.full_name,
    name: r.full_name,
    email: text(r.email),
    phone: text(r.phone_no),
    address: [r.address, r.city, r.pin_code].map(text).filter(Boolean).join(", "),
    zone_id: r.zone_id == null ? "" : String(r.zone_id),
    description: text(r.business_description) || text(r.proposed_franchisee_location),
  };
}
