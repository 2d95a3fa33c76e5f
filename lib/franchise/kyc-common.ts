import "server-only";
import { and, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import { auditRecords, franchisees, kycDocumentTypes, users } from "@/db/schema";
import { authorize, can, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor, type Tx } from "@/lib/platform/db";
import {
  restoreOf,
  softDeleteOf,
  wrapBuilt,
  zoneFilter,
  type AnyEntity,
  type OpMeta,
} from "@/lib/platform/entity";
import { approvalOf, guardFields, type Approval } from "@/lib/platform/approval";
import { AlreadyReported, AppError, invalid, type FieldErrors } from "@/lib/platform/errors";
import { fileUrl, type OnFileRead } from "@/lib/platform/file-access";
import type { ActionResult } from "@/lib/platform/mutations";
import {
  IMAGE_REFUSED,
  IMAGE_TOO_LARGE,
  MAX_IMAGE_BYTES,
  prepareImage,
  preparePdf,
  sniff,
  type FileRule,
} from "@/lib/platform/files";
import { encodeId, parseIdParam } from "@/lib/platform/ids";
import {
  rawParam,
  type ListFilter,
  type ListQuery,
  type ListResult,
  type RawParams,
} from "@/lib/platform/list";
import { franchiseeAdminIds, notify, type NewNotification } from "@/lib/platform/notifications";
import { ROLE_IDS, ROLE, type Permission } from "@/lib/platform/permissions";
import { flag, optionalDate, optionalText, requiredId, requiredText } from "@/lib/platform/schemas";
import { APPLIES_FRANCHISEE, APPLIES_STAFF, refreshKycValidity } from "./kyc-validity";

/**
 * What franchisee KYC documents and staff (user) KYC documents share (spec 002 §3: "the same shape tied to
 * user_id"): the form's fields, the rules of a save (who may set the status, submission and review, the 208 for a
 * document already submitted), the file rule, the per-row buttons, notifications and the download audit. Each kind
 * declares its entity in its own module (franchisee-kyc-documents.ts, user-kyc-documents.ts) and takes its parts
 * from `kycParts(kind)`.
 */

/** Approval (spec 002 §4): pending 0, approved 1, rejected 2. */
export const KYC_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;
export const KYC_STATUS_OPTIONS = [
  { value: "0", label: "PENDING" },
  { value: "1", label: "APPROVED" },
  { value: "2", label: "REJECTED" },
] as const;

export const KYC_MESSAGES = {
  duplicateTitle: "Document already submitted",
  duplicateSubTitle: (type: string, owner: string) =>
    `A ${type} for this ${owner} is already pending review or approved.`,
  locked: "This document is awaiting review or approved: it can be changed again once it is rejected.",
  noFileToApprove: "A document without a file cannot be approved.",
  notAwaiting:
    "This document is no longer awaiting review: only a pending document can be approved or rejected.",
  remarkRequired: "The remark is required when the document is rejected.",
  approved: "Kyc document approved successfully.",
  rejected: "Kyc document rejected successfully.",
  restoreDuplicate: (type: string, owner: string) =>
    `A ${type} for this ${owner} is already pending review or approved: this one cannot be restored.`,
  expiryRequired: "The expiry date field is required for this document type.",
  documentType: "The selected document type is invalid.",
  fileRequired: "Choose a file to upload.",
  /** Spec 002 §8, shown before the reason of a refused file. */
  uploadFailed:
    "Looks like system faced an error while uploading the File. Kindly check the file before uploading ...",
} as const;

// ---------------------------------------------------------------------------------------------------------------
// The file: a PDF or an image, checked by its content, size-capped.

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const DOCUMENT_REFUSED = "The file must be a PDF or an image (PNG, JPEG, WebP or GIF).";
export const DOCUMENT_TOO_LARGE = "The file may not be greater than 10 MB.";

/**
 * A KYC document's file: a PDF (by its %PDF- signature, parsed and refused with scripts, actions or attached files,
 * kept as sent, at most 10 MB) or an image (by content, at most 5 MB, re-encoded like every image: metadata
 * dropped). Anything else is refused under the field.
 */
export const documentFile: FileRule = async (file) => {
  if (file.size > DOCUMENT_MAX_BYTES) return { ok: false, message: DOCUMENT_TOO_LARGE };
  const buf = Buffer.from(await file.arrayBuffer());
  const kind = sniff(buf);
  if (kind?.type === "application/pdf") {
    // Parsed, and refused with active content, encrypted or unreadable (preparePdf).
    const p = await preparePdf(buf);
    return p.ok ? { ok: true, file: { ...p, originalName: file.name } } : p;
  }
  if (!kind?.type.startsWith("image/")) return { ok: false, message: DOCUMENT_REFUSED };
  if (buf.length > MAX_IMAGE_BYTES) return { ok: false, message: IMAGE_TOO_LARGE };
  const p = await prepareImage(buf);
  if (!p.ok) return { ok: false, message: p.message === IMAGE_REFUSED ? DOCUMENT_REFUSED : p.message };
  return {
    ok: true,
    file: { body: p.body, contentType: p.contentType, ext: p.ext, originalName: file.name },
  };
};

/** A refused file shows spec 002 §8's upload text under the field, then the reason (the forms' actions). */
export function withUploadText<T>(r: ActionResult<T>): ActionResult<T> {
  const reason = !r.ok ? r.fieldErrors?.document_path : undefined;
  if (r.ok || !reason) return r;
  return { ...r, fieldErrors: { ...r.fieldErrors, document_path: `${KYC_MESSAGES.uploadFailed} ${reason}` } };
}

/** Whether a save carries a new file (an empty one is no upload). */
export const fileComing = (v: unknown): v is File => v instanceof File && v.size > 0;

// ---------------------------------------------------------------------------------------------------------------
// The form.

const approval = z.preprocess(
  (v) => (v === "" || v == null ? undefined : v),
  z.coerce
    .number({ error: "The selected status is invalid." })
    .int("The selected status is invalid.")
    .min(0, "The selected status is invalid.")
    .max(2, "The selected status is invalid.")
    .optional(),
);

/** The file column as a form field: a file (multipart), or nothing; documented, never written as sent. */
const documentPath = z
  .unknown()
  .optional()
  .describe("The document's file (multipart): a PDF or an image, at most 10 MB.");

/** The fields of both kinds (spec 002 §7 POST: document_type_id, document_name, status, is_active, remark). */
export const kycFields = {
  document_type_id: requiredId("document type"),
  document_name: requiredText("document name", 200),
  expires_on: optionalDate("expiry date"),
  status: approval.describe("0 pending, 1 approved, 2 rejected (reviewers only)."),
  is_active: flag.optional().describe("Follows the status on every save: 0 when rejected, else 1."),
  remark: optionalText("remark", 1000).describe("The rejection reason (reviewers only)."),
  document_path: documentPath,
};

/** The edit: the same fields, each optional; the owner (franchisee or user) never changes. */
export const kycUpdateSchema = z.object({
  document_type_id: requiredId("document type").optional(),
  document_name: requiredText("document name", 200).optional(),
  expires_on: optionalDate("expiry date").optional(),
  status: kycFields.status,
  is_active: kycFields.is_active,
  remark: optionalText("remark", 1000).optional(),
  document_path: documentPath,
});

// ---------------------------------------------------------------------------------------------------------------
// A kind of KYC document.

export type KycKind = {
  name: "franchisee_kyc_documents" | "user_kyc_documents";
  /** The document types it takes: APPLIES_FRANCHISEE or APPLIES_STAFF. */
  appliesTo: 1 | 2;
  /** The owner as the 208's sub-title names it: "franchisee", "staff member". */
  ownerNoun: string;
  href: string;
  /**
   * The owner of a new document from its input: { franchisee_id, user_id? } (a field error when the owner is not
   * one the caller may file for), read inside the save's transaction.
   */
  ownerOf: (
    tx: Executor,
    ctx: Ctx,
    input: Record<string, unknown>,
    errors: FieldErrors,
  ) => Promise<{ franchisee_id: number | null; user_id?: number } | null>;
  /** The owner's key among the document's columns (`franchisee_id` or `user_id`). */
  ownerKey: "franchisee_id" | "user_id";
};

/** A document row as the rules read it. */
export type KycRow = {
  id: number;
  company_id: number;
  document_type_id: number;
  document_name: string;
  document_path: string | null;
  status: number;
  is_active: number;
  remark: string | null;
  expires_on: string | null;
  franchisee_id: number | null;
  user_id?: number;
};

const perm = (kind: KycKind, op: string) => `${kind.name}.${op}` as Permission;

/** Whether the caller reviews this kind (status, is_active, remark): ADMIN, SUPER ADMIN, MF for franchisee documents. */
export const isReviewer = (ctx: Ctx, kind: KycKind) =>
  can(ctx, perm(kind, "review")) && can(ctx, perm(kind, "update"));

/**
 * The row's buttons (spec 002 §2 button rules), from the caller's permissions: a reviewer (ADMIN, MASTER FRANCHISEE
 * for franchisee documents; ADMIN for staff documents) always has the edit button, "Review Kyc Document"; a
 * submitter (FRANCHISEE ADMIN) has it while no file was submitted, "Submit Document", and Re-submit once the file
 * was rejected. Nobody has them in the trash view.
 */
export function kycButtons(
  ctx: Ctx,
  kind: KycKind,
  row: { document_path: string | null; status: number },
  trash = false,
) {
  const review = !trash && isReviewer(ctx, kind);
  const update = !trash && can(ctx, perm(kind, "update"));
  const hasFile = !!row.document_path;
  const can_submit = !review && update && !hasFile;
  const can_resubmit = !review && update && hasFile && row.status === KYC_STATUS.rejected;
  return {
    can_review: review,
    can_submit,
    can_resubmit,
    edit_label: can_submit ? "Submit Document" : review ? "Review Kyc Document" : null,
  };
}

export const kycButtonsSchema = {
  can_review: z.boolean().describe("The edit button, labelled Review Kyc Document (reviewers)."),
  can_submit: z.boolean().describe("The edit button, labelled Submit Document (no file submitted yet)."),
  can_resubmit: z.boolean().describe("The Re-submit button (the submitted file was rejected)."),
  edit_label: z.string().nullable(),
  document_url: z
    .string()
    .nullable()
    .describe("The file's preview link (/api/files/...), when one was submitted."),
  document_type: z.object({ id: z.number(), code: z.string().nullable() }),
};

type DocType = { id: number; description: string; requires_expiry: number };

/** A live, active document type of this kind in the caller's company (null and a field error otherwise). */
async function documentType(
  tx: Executor,
  ctx: Ctx,
  kind: KycKind,
  id: number,
  errors: FieldErrors,
  keep?: number,
): Promise<DocType | null> {
  const [t] = await tx
    .select({
      id: kycDocumentTypes.id,
      description: kycDocumentTypes.description,
      requires_expiry: kycDocumentTypes.requires_expiry,
      is_active: kycDocumentTypes.is_active,
      deleted_at: kycDocumentTypes.deleted_at,
    })
    .from(kycDocumentTypes)
    .where(
      and(
        eq(kycDocumentTypes.id, id),
        eq(kycDocumentTypes.company_id, requireCompany(ctx)),
        eq(kycDocumentTypes.applies_to, kind.appliesTo),
      ),
    )
    .limit(1);
  // A document keeps a type deactivated or deleted since, as long as the save does not change it.
  if (!t || (t.id !== keep && (t.is_active !== 1 || t.deleted_at != null))) {
    errors.document_type_id ??= KYC_MESSAGES.documentType;
    return null;
  }
  return t;
}

/**
 * The owner's live document of that type already submitted (pending with a file) or approved: a second one is the
 * spec's 208. `except`: the document being saved.
 */
async function alreadySubmitted(
  tx: Executor,
  table: AnyEntity["table"],
  kind: KycKind,
  ownerId: number,
  typeId: number,
): Promise<boolean> {
  const t = table as unknown as Record<string, never>;
  const [hit] = await tx
    .select({ id: t.id })
    .from(table)
    .where(
      and(
        eq(t[kind.ownerKey], ownerId),
        eq(t.document_type_id, typeId),
        isNull(t.deleted_at),
        or(
          eq(t.status, KYC_STATUS.approved),
          and(eq(t.status, KYC_STATUS.pending), isNotNull(t.document_path)),
        ),
      ),
    )
    .limit(1);
  return !!hit;
}

async function typeName(tx: Executor, id: number) {
  const [t] = await tx
    .select({ d: kycDocumentTypes.description })
    .from(kycDocumentTypes)
    .where(eq(kycDocumentTypes.id, id));
  return t?.d ?? "document";
}

const duplicate = async (tx: Executor, kind: KycKind, typeId: number) =>
  new AlreadyReported(
    KYC_MESSAGES.duplicateTitle,
    KYC_MESSAGES.duplicateSubTitle(await typeName(tx, typeId), kind.ownerNoun),
  );

// ---------------------------------------------------------------------------------------------------------------
// Notifications.

/** Live, active ADMIN users of a company (the reviewers told of a submission; a few per company). */
async function companyAdmins(tx: Executor, companyId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.company_id, companyId),
        eq(users.role_id, ROLE_IDS[ROLE.ADMIN]),
        isNull(users.deleted_at),
        eq(users.is_active, 1),
      ),
    );
  return rows.map((r) => r.id);
}

const toEach = (ids: number[], n: Omit<NewNotification, "userId">): NewNotification[] =>
  [...new Set(ids)].map((userId) => ({ ...n, userId }));

/** A review's verdict, told to the owner's franchisee admins (link: the document). */
async function verdictNotes(tx: Executor, kind: KycKind, r: KycRow): Promise<NewNotification[]> {
  if (r.franchisee_id == null) return [];
  const verdict = r.status === KYC_STATUS.approved ? "approved" : "rejected";
  return toEach(await franchiseeAdminIds(tx, r.franchisee_id), {
    companyId: r.company_id,
    title: `KYC document ${verdict}`,
    body: `${r.document_name} was ${verdict}.${r.status === KYC_STATUS.rejected && r.remark ? ` Reason: ${r.remark}` : ""}`,
    link: `${kind.href}/${encodeId(r.id)}`,
  });
}

export const kycNotify = { franchiseeAdmins: franchiseeAdminIds, companyAdmins, toEach };

// ---------------------------------------------------------------------------------------------------------------
// Finding the one to review (issue 25): review=awaiting (pending with its file: the reviewer's work) or
// review=not_submitted (no file yet). /franchisee-kyc-documents?review=awaiting is the "KYC awaiting review" view.

export const REVIEW_OPTIONS = [
  { value: "awaiting", label: "AWAITING REVIEW" },
  { value: "not_submitted", label: "NOT SUBMITTED" },
] as const;

/** The lists' Review filter over a document table's status and file columns. */
export function reviewFilter(t: { status: AnyPgColumn; document_path: AnyPgColumn }): ListFilter {
  return {
    label: "Review",
    where: (raw, param) => {
      const v = rawParam(raw, param);
      if (v == null || v === "") return undefined;
      if (v === "awaiting") return and(eq(t.status, KYC_STATUS.pending), isNotNull(t.document_path));
      if (v === "not_submitted") return isNull(t.document_path);
      throw invalid({ [param]: "The selected review is invalid." });
    },
    ui: (param) => ({ param, label: "Review", kind: "select", options: [...REVIEW_OPTIONS] }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The review as a workflow (lib/platform/approval.ts): Approve and Reject of a submitted document.

/** Pending is what a submission sets anyway: an old client sends status 0 with it (not a reviewer's change). */
const PENDING = { status: KYC_STATUS.pending };

/**
 * A kind's review workflow: a document awaiting review (pending, its file submitted) is approved or rejected (a
 * remark required) by a reviewer (the kind's review and update permissions: ADMIN, and MASTER FRANCHISEE for
 * franchisee documents). The decision stamps reviewed_at/by, sets is_active (0 when rejected), tells the owner's
 * franchisee admins, and recomputes the franchisee's KYC validity, in its transaction. Spec 002 §4's field rule:
 * only reviewers change status, is_active and remark through a save.
 */
export function kycApproval(kind: KycKind, def: AnyEntity) {
  const t = def.table as unknown as Record<string, AnyPgColumn>;
  const decided =
    (status: number) =>
    ({ ctx }: { ctx: Ctx }) => ({
      is_active: status === KYC_STATUS.rejected ? 0 : 1,
      reviewed_at: new Date(),
      reviewed_by: ctx.userId,
    });
  const tell = ({ tx, row }: { tx: Tx; row: Record<string, unknown> }) =>
    verdictNotes(tx, kind, row as unknown as KycRow);
  const after = async ({ tx, row }: { tx: Tx; row: Record<string, unknown> }) => {
    const f = row.franchisee_id as number | null;
    if (kind.appliesTo === APPLIES_FRANCHISEE && f != null) await refreshKycValidity(tx, f);
  };
  const mayUpdate = (ctx: Ctx) => can(ctx, perm(kind, "update"));
  return approvalOf({
    entity: def,
    kind: def.noun,
    field: t.status,
    states: { 0: "PENDING", 1: "APPROVED", 2: "REJECTED" },
    pending: KYC_STATUS.pending,
    reasonField: t.remark,
    reasonMessages: { required: KYC_MESSAGES.remarkRequired, max: 1000 },
    permission: perm(kind, "review"),
    notInState: KYC_MESSAGES.notAwaiting,
    fieldsByRole: { fields: ["status", "is_active", "remark"], may: (ctx) => isReviewer(ctx, kind) },
    transitions: {
      approve: {
        from: [KYC_STATUS.pending],
        to: KYC_STATUS.approved,
        label: "Approve",
        who: mayUpdate,
        guard: async ({ before }) => {
          if (!before.document_path) throw new AppError(409, KYC_MESSAGES.noFileToApprove);
        },
        set: decided(KYC_STATUS.approved),
        notify: tell,
        after,
        // Spec 002 §9: the confirm texts map 1 to approve, 2 to reject.
        confirm: {
          title: "Are you sure to Approve?",
          description: "Are you sure you want to approve this document?",
        },
        success: KYC_MESSAGES.approved,
      },
      reject: {
        from: [KYC_STATUS.pending],
        to: KYC_STATUS.rejected,
        label: "Reject",
        reason: "required",
        who: mayUpdate,
        set: decided(KYC_STATUS.rejected),
        notify: tell,
        after,
        confirm: { title: "Are you sure to Reject?", description: "Give the reason for the rejection." },
        success: KYC_MESSAGES.rejected,
      },
    },
    inbox: {
      title: t.document_name,
      // A staff document's staff member; a franchisee document's filer.
      askedBy: kind.ownerKey === "user_id" ? t.user_id : t.created_by,
      franchisee: t.franchisee_id,
      label: kind.appliesTo === APPLIES_FRANCHISEE ? "Franchisee KYC document" : "Staff KYC document",
      // Its pending index's order (migration 0029).
      askedAt: sql`coalesce(${t.submitted_at}, ${t.created_at})`,
      where: isNotNull(t.document_path),
      href: (id) => `${kind.href}/${id}`,
    },
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The save's rules, as crudOf hooks.

type Hooks = {
  create: (a: {
    ctx: Ctx;
    tx: Tx;
    input: Record<string, unknown>;
    insert: (values: Record<string, unknown>) => Promise<Record<string, unknown>>;
    errors: FieldErrors;
  }) => Promise<Record<string, unknown>>;
  update: (a: {
    ctx: Ctx;
    tx: Tx;
    before: Record<string, unknown>;
    patch: Record<string, unknown>;
    write: (values: Record<string, unknown>) => Promise<Record<string, unknown>>;
    errors: FieldErrors;
  }) => Promise<Record<string, unknown>>;
};

/**
 * The rules of a save (spec 002 §4 and the issue's):
 * - is_active follows the status: 0 when rejected, else 1;
 * - only a reviewer sets status, is_active and remark (anyone else sending another value than the current one: 403);
 * - a non-reviewer changes a document only while it has no file or was rejected (409 otherwise); the file they send
 *   is a submission (or re-submission): status back to pending, submitted_at stamped, the company's admins told;
 * - a reviewer's change of status to approved or rejected is a review: reviewed_at/by stamped, the franchisee's
 *   admins told; a document without a file cannot be approved;
 * - the expiry date is required when the type asks for one; a new expiry date re-arms the expiry reminders;
 * - a second document of a type the owner already has submitted (pending with a file) or approved: 208, nothing
 *   written;
 * - franchisee documents recompute the franchisee's KYC validity in the same transaction.
 */
export function kycHooks(kind: KycKind, table: AnyEntity["table"], approval: Approval): Hooks {
  const afterSave = async (
    tx: Tx,
    ctx: Ctx,
    row: Record<string, unknown>,
    e: { submitted: boolean; reviewed: boolean },
  ) => {
    const r = row as unknown as KycRow;
    if (kind.appliesTo === APPLIES_FRANCHISEE && r.franchisee_id != null)
      await refreshKycValidity(tx, r.franchisee_id);
    const link = `${kind.href}/${encodeId(r.id)}`;
    const notes: NewNotification[] = e.reviewed ? await verdictNotes(tx, kind, r) : [];
    if (e.submitted)
      notes.push(
        ...toEach(await companyAdmins(tx, r.company_id), {
          companyId: r.company_id,
          title: "KYC document submitted",
          body: `${r.document_name} awaits review.`,
          link,
        }),
      );
    await notify(notes, tx);
  };

  return {
    async create({ ctx, tx, input, insert, errors }) {
      const reviewer = isReviewer(ctx, kind);
      // Spec 002 §4: only a reviewer sets status, is_active and remark (the declaration's field rule).
      guardFields(approval, ctx, { status: KYC_STATUS.pending, is_active: 1, remark: null }, input, {
        allow: PENDING,
      });
      const owner = await kind.ownerOf(tx, ctx, input, errors);
      const type = await documentType(tx, ctx, kind, input.document_type_id as number, errors);
      const hasFile = fileComing(input.document_path);
      const status = reviewer
        ? ((input.status as number | undefined) ?? KYC_STATUS.pending)
        : KYC_STATUS.pending;
      if (status === KYC_STATUS.approved && !hasFile) errors.status ??= KYC_MESSAGES.noFileToApprove;
      if (type?.requires_expiry && !input.expires_on) errors.expires_on ??= KYC_MESSAGES.expiryRequired;
      if (Object.keys(errors).length) throw invalid(errors);
      const ownerId = kind.ownerKey === "user_id" ? owner?.user_id : owner?.franchisee_id;
      if (owner && type && ownerId != null && (await alreadySubmitted(tx, table, kind, ownerId, type.id)))
        throw await duplicate(tx, kind, type.id);
      const now = new Date();
      const reviewed = reviewer && status !== KYC_STATUS.pending;
      const row = await insert({
        document_type_id: input.document_type_id,
        document_name: input.document_name,
        expires_on: input.expires_on ?? null,
        remark: reviewer ? (input.remark ?? null) : null,
        status,
        is_active: status === KYC_STATUS.rejected ? 0 : 1,
        ...owner,
        submitted_at: hasFile ? now : null,
        reviewed_at: reviewed ? now : null,
        reviewed_by: reviewed ? ctx.userId : null,
      });
      await afterSave(tx, ctx, row, { submitted: hasFile && !reviewer, reviewed });
      return row;
    },

    async update({ ctx, tx, before, patch, write, errors }) {
      const b = before as unknown as KycRow;
      const reviewer = isReviewer(ctx, kind);
      const hasFile = fileComing(patch.document_path);
      const { document_path: _file, ...fields } = patch;
      void _file;
      if (!reviewer) {
        guardFields(approval, ctx, b, fields, { allow: PENDING });
        if (b.document_path && b.status !== KYC_STATUS.rejected) throw new AppError(409, KYC_MESSAGES.locked);
        // A submitter's status only moves by submitting a file.
        delete fields.status;
        delete fields.is_active;
        delete fields.remark;
      }
      const typeId = (fields.document_type_id as number | undefined) ?? b.document_type_id;
      const type = await documentType(tx, ctx, kind, typeId, errors, b.document_type_id);
      const expires = fields.expires_on !== undefined ? (fields.expires_on as string | null) : b.expires_on;
      if (type?.requires_expiry && !expires) errors.expires_on ??= KYC_MESSAGES.expiryRequired;
      let status = (fields.status as number | undefined) ?? b.status;
      if (!reviewer && hasFile) status = KYC_STATUS.pending;
      if (status === KYC_STATUS.approved && !b.document_path && !hasFile)
        errors.status ??= KYC_MESSAGES.noFileToApprove;
      if (Object.keys(errors).length) throw invalid(errors);
      // A change of type to one the owner already has submitted or approved is the same duplicate.
      const ownerId = b[kind.ownerKey];
      if (
        typeId !== b.document_type_id &&
        ownerId != null &&
        (await alreadySubmitted(tx, table, kind, ownerId, typeId))
      )
        throw await duplicate(tx, kind, typeId);
      const now = new Date();
      const reviewed = reviewer && status !== b.status && status !== KYC_STATUS.pending;
      const row = await write({
        ...fields,
        status,
        is_active: status === KYC_STATUS.rejected ? 0 : 1,
        ...(expires !== b.expires_on ? { expiry_notified: null } : {}),
        ...(hasFile ? { submitted_at: now } : {}),
        ...(reviewed ? { reviewed_at: now, reviewed_by: ctx.userId } : {}),
      });
      await afterSave(tx, ctx, row, { submitted: hasFile && !reviewer, reviewed });
      return row;
    },
  };
}

/**
 * Delete and restore (ADMIN; the trash view): recompute the franchisee's KYC validity in the same transaction once
 * the row is gone or back (the kernel's `after`).
 */
export function kycLifecycle<D extends AnyEntity>(def: D, kind: KycKind) {
  const after = async ({ tx, row }: { tx: Tx; row: Record<string, unknown> }) => {
    const franchiseeId = row.franchisee_id as number | null;
    if (def.name === "franchisee_kyc_documents" && franchiseeId != null)
      await refreshKycValidity(tx, franchiseeId);
  };
  // The create's rule on a restore: a submitted or approved document comes back only while its owner has no other
  // live one of that type submitted or approved (409, with the reason); a deleted approval's effect (the franchisee's
  // KYC validity) is recomputed on delete and on restore.
  const guard = async ({ tx, row }: { tx: Tx; row: Record<string, unknown> }) => {
    const r = row as unknown as KycRow;
    const submitted =
      r.status === KYC_STATUS.approved || (r.status === KYC_STATUS.pending && r.document_path != null);
    const owner = r[kind.ownerKey];
    if (!submitted || owner == null) return;
    if (await alreadySubmitted(tx, def.table, kind, owner, r.document_type_id))
      throw new AppError(
        409,
        KYC_MESSAGES.restoreDuplicate(await typeName(tx, r.document_type_id), kind.ownerNoun),
      );
  };
  return {
    delete: softDeleteOf(def, { after: after as never }),
    restore: restoreOf(def, { guard: guard as never, after: after as never }),
  };
}

/**
 * The create, with the 208 asked before anything is parsed or stored: an /api client's file is not even read
 * when the owner already has that type submitted or approved (the save checks again inside its transaction).
 */
export function withDuplicateCheck<
  F extends ((ctx: Ctx, raw: unknown) => Promise<unknown>) & { meta: OpMeta },
>(kind: KycKind, table: AnyEntity["table"], create: F): F {
  return wrapBuilt(create, async (ctx: Ctx, raw: unknown) => {
    authorize(ctx, perm(kind, "create"));
    const body = (raw ?? {}) as Record<string, unknown>;
    const toInt = (v: unknown) =>
      typeof v === "number" ? v : typeof v === "string" && v !== "" ? parseIdParam(v) : null;
    const typeId = toInt(body.document_type_id);
    const ownerId =
      kind.ownerKey === "franchisee_id"
        ? (ctx.franchiseeId ?? toInt(body.franchisee_id))
        : toInt(body.user_id);
    if (typeId != null && ownerId != null && Number.isSafeInteger(typeId) && Number.isSafeInteger(ownerId)) {
      const db = await getDb();
      const companyId = requireCompany(ctx);
      const [t] = await db
        .select({ id: kycDocumentTypes.id })
        .from(kycDocumentTypes)
        .where(and(eq(kycDocumentTypes.id, typeId), eq(kycDocumentTypes.company_id, companyId)));
      if (t && (await alreadySubmitted(db, table, kind, ownerId, typeId)))
        throw await duplicate(db, kind, typeId);
    }
    return create(ctx, raw);
  }) as unknown as F;
}

/** The list with each row's buttons, preview link and document type {id, code} (the screen and /api read them). */
export function withRowButtons<
  R extends {
    id: number;
    document_path: string | null;
    status: number;
    document_type_id: number;
    document_type_code: string | null;
  },
>(
  kind: KycKind,
  list: ((ctx: Ctx, raw: RawParams, parsed?: ListQuery) => Promise<ListResult<R>>) & { meta: OpMeta },
) {
  return wrapBuilt(list, async (ctx: Ctx, raw: RawParams, parsed?: ListQuery) => {
    const r = await list(ctx, raw, parsed);
    const trash =
      (raw instanceof URLSearchParams
        ? raw.get("show_deleted")
        : (raw as Record<string, unknown>).show_deleted) === "1" || parsed?.trash === true;
    return {
      ...r,
      data: r.data.map((row) => ({
        ...row,
        ...kycButtons(ctx, kind, row, trash),
        document_url: fileUrl(row.document_path),
        document_type: { id: row.document_type_id, code: row.document_type_code },
      })),
    };
  });
}

/**
 * POST <kind>/upload_<...>_document (spec 002 §7: multipart id and document_path): the file of an existing document,
 * as an edit of it (the same rules: a submitter's file is a submission, refused once submitted until rejected).
 * Another franchisee's or zone's document answers 404 before the file is read.
 */
export async function uploadKycFile(
  ctx: Ctx,
  crud: {
    get: (ctx: Ctx, id: number) => Promise<unknown>;
    update: (ctx: Ctx, raw: unknown) => Promise<unknown>;
  },
  kind: KycKind,
  body: Record<string, unknown>,
  files: Record<string, File>,
) {
  authorize(ctx, perm(kind, "update"));
  const id =
    typeof body.id === "string" ? parseIdParam(body.id) : typeof body.id === "number" ? body.id : null;
  if (id == null) throw invalid({ id: "The id field is required." });
  await crud.get(ctx, id);
  const document_path = files.document_path;
  if (!fileComing(document_path)) throw invalid({ document_path: KYC_MESSAGES.fileRequired });
  return crud.update(ctx, { id, document_path });
}

/** The masters of a kind's form: its live, active document types (id, code, description, requires_expiry). */
export async function kycDocumentTypeOptions(ctx: Ctx, appliesTo: 1 | 2, keep?: number | null) {
  const db = await getDb();
  const rows = await db
    .select({
      id: kycDocumentTypes.id,
      code: kycDocumentTypes.code,
      description: kycDocumentTypes.description,
      requires_expiry: kycDocumentTypes.requires_expiry,
    })
    .from(kycDocumentTypes)
    .where(
      and(
        eq(kycDocumentTypes.company_id, requireCompany(ctx)),
        eq(kycDocumentTypes.applies_to, appliesTo),
        keep != null
          ? or(
              and(isNull(kycDocumentTypes.deleted_at), eq(kycDocumentTypes.is_active, 1)),
              eq(kycDocumentTypes.id, keep),
            )
          : and(isNull(kycDocumentTypes.deleted_at), eq(kycDocumentTypes.is_active, 1)),
      ),
    )
    .orderBy(kycDocumentTypes.description, kycDocumentTypes.id);
  return { document_types: rows };
}

export const documentTypeOption = z.object({
  id: z.number(),
  code: z.string(),
  description: z.string(),
  requires_expiry: z.number(),
});

/** A document's answer besides its row (spec 002 §3): document_type {id, code} and the file's preview link. */
export async function kycDetail(
  db: Executor,
  row: { document_type_id: number; document_path: string | null },
) {
  const [type] = await db
    .select({
      id: kycDocumentTypes.id,
      code: kycDocumentTypes.code,
      description: kycDocumentTypes.description,
    })
    .from(kycDocumentTypes)
    .where(eq(kycDocumentTypes.id, row.document_type_id));
  return {
    document_type: type ?? { id: row.document_type_id, code: null, description: null },
    document_url: fileUrl(row.document_path),
  };
}

export const kycDetailSchema = {
  document_type: z.object({
    id: z.number(),
    code: z.string().nullable(),
    description: z.string().nullable(),
  }),
  document_url: z.string().nullable().describe("The file's link (/api/files/...), when one was submitted."),
};

// ---------------------------------------------------------------------------------------------------------------
// Owners.

/** A franchisee the caller may file for: their own (a franchisee's member), else a live one of the company in the MF's zones. */
export async function franchiseeOwner(
  tx: Executor,
  ctx: Ctx,
  input: Record<string, unknown>,
  errors: FieldErrors,
) {
  const id = ctx.franchiseeId ?? (input.franchisee_id as number | null | undefined) ?? null;
  if (id == null) {
    errors.franchisee_id ??= "The franchisee field is required.";
    return null;
  }
  const [f] = await tx
    .select({ id: franchisees.id })
    .from(franchisees)
    .where(
      and(
        eq(franchisees.id, id),
        eq(franchisees.company_id, requireCompany(ctx)),
        isNull(franchisees.deleted_at),
        zoneFilter(ctx, franchisees.zone_id),
      ),
    )
    .limit(1);
  if (!f) {
    errors.franchisee_id ??= "The selected franchisee is invalid.";
    return null;
  }
  return { franchisee_id: f.id };
}

/** A staff member the caller may file for: a live user of a franchisee of the company (the caller's own franchisee's, for its members). */
export async function staffOwner(
  tx: Executor,
  ctx: Ctx,
  input: Record<string, unknown>,
  errors: FieldErrors,
) {
  const id = input.user_id as number | null | undefined;
  if (id == null) {
    errors.user_id ??= "The user field is required.";
    return null;
  }
  const [u] = await tx
    .select({ id: users.id, franchisee_id: users.franchisee_id })
    .from(users)
    .innerJoin(franchisees, eq(franchisees.id, users.franchisee_id))
    .where(
      and(
        eq(users.id, id),
        isNull(users.deleted_at),
        eq(franchisees.company_id, requireCompany(ctx)),
        ctx.franchiseeId != null ? eq(users.franchisee_id, ctx.franchiseeId) : undefined,
        zoneFilter(ctx, franchisees.zone_id),
      ),
    )
    .limit(1);
  if (!u) {
    errors.user_id ??= "The selected user is invalid.";
    return null;
  }
  return { user_id: u.id, franchisee_id: u.franchisee_id };
}

// ---------------------------------------------------------------------------------------------------------------
// Downloads.

const KYC_ENTITIES = new Set(["franchisee_kyc_documents", "user_kyc_documents"]);

/**
 * Every download of a KYC document's file is recorded (the issue: who, which document, when): an audit record of the
 * document, action `download`, naming the file's key and original name, in the document's history. Other files
 * are not recorded (logos, banners: no personal data).
 */
export const auditFileRead: OnFileRead = async (ctx, row) => {
  if (!row.entity || !KYC_ENTITIES.has(row.entity) || row.entity_id == null) return;
  const db = await getDb();
  await db.insert(auditRecords).values({
    company_id: row.company_id,
    actor_id: ctx.userId,
    entity: row.entity,
    entity_id: row.entity_id,
    action: "download",
    old_json: null,
    new_json: { key: row.key, original_name: row.original_name, via: ctx.via },
  });
};

/** The audit rows of a document's downloads (tests, the history). */
export async function downloadsOf(entity: string, ids: number[]) {
  const db = await getDb();
  return db
    .select()
    .from(auditRecords)
    .where(
      and(
        eq(auditRecords.entity, entity),
        inArray(auditRecords.entity_id, ids),
        eq(auditRecords.action, "download"),
      ),
    );
}

export { APPLIES_FRANCHISEE, APPLIES_STAFF };

/** The form's values of a stored document (the screens' edit and re-submit pages). */
export function kycFormInitial(r: {
  document_type_id: number;
  document_name: string;
  expires_on: string | null;
  status: number;
  is_active: number;
  remark: string | null;
}) {
  return {
    owner_id: "",
    document_type_id: String(r.document_type_id),
    document_name: r.document_name,
    expires_on: r.expires_on ?? "",
    document_path: null,
    status: String(r.status),
    is_active: r.is_active,
    remark: r.remark ?? "",
  };
}

/** The form's type choices: value, label (description), whether the type asks for an expiry date. */
export const typeChoices = (m: {
  document_types: { id: number; description: string; requires_expiry: number }[];
}) =>
  m.document_types.map((t) => ({
    value: String(t.id),
    label: t.description,
    requiresExpiry: t.requires_expiry === 1,
  }));
