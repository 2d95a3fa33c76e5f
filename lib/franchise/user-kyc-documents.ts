import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { franchisees, kycDocumentTypes, userKycDocuments, users } from "@/db/schema";
import { requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { crudOf, defineEntity, networkScope } from "@/lib/platform/entity";
import { approvalActions } from "@/lib/platform/approval";
import { entityActions } from "@/lib/platform/entity-actions";
import {
  booleanFilter,
  defineList,
  enumFilter,
  idAndStatusColumns,
  referenceFilter,
} from "@/lib/platform/list";
import { requiredId } from "@/lib/platform/schemas";
import {
  APPLIES_STAFF,
  documentFile,
  KYC_STATUS_OPTIONS,
  kycDetail,
  kycDetailSchema,
  kycDocumentTypeOptions,
  kycFields,
  kycApproval,
  kycHooks,
  kycLifecycle,
  kycUpdateSchema,
  reviewFilter,
  staffOwner,
  uploadKycFile,
  withDuplicateCheck,
  withRowButtons,
  type KycKind,
} from "./kyc-common";

const t = userKycDocuments;

/** POST user_kyc_documents (spec 002 §7): the franchisee document's fields for one staff member (user_id). */
export const userKycCreateSchema = z.object({
  user_id: requiredId("user"),
  ...kycFields,
});

export const USER_KYC: KycKind = {
  name: "user_kyc_documents",
  appliesTo: APPLIES_STAFF,
  ownerNoun: "staff member",
  href: "/user-kyc-documents",
  ownerKey: "user_id",
  ownerOf: staffOwner,
};

const userName = sql<string>`coalesce(nullif(${users.user_name}, ''), ${users.first_name} || ' ' || ${users.last_name})`;

/**
 * A franchisee staff member's KYC documents (spec 002 §2 Staff KYC documents). franchisee_id is the user's franchisee
 * when the document was filed: a FRANCHISEE ADMIN sees their franchisee's staff documents only (MASTER FRANCHISEE has
 * no grant on staff documents).
 */
export const userKycDocumentsDef = defineEntity({
  name: "user_kyc_documents",
  noun: "User Kyc Document",
  plural: "User Kyc Documents",
  href: "/user-kyc-documents",
  table: t,
  scope: networkScope(t, { franchisee: t.franchisee_id, stampFranchisee: true }),
  create: userKycCreateSchema,
  update: kycUpdateSchema,
  files: { document_path: documentFile },
  detail: kycDetail,
  detailSchema: kycDetailSchema,
  auditDetail: async () => ({}),
  messages: {
    created: "Kyc document saved successfully.",
    updated: "Kyc document saved successfully.",
    deleted: "Kyc document deleted successfully.",
    restored: "Kyc document restored successfully.",
  },
  list: defineList({
    from: t,
    select: {
      id: t.id,
      user_id: t.user_id,
      user_name: userName,
      franchisee_id: t.franchisee_id,
      franchisee_name: franchisees.name,
      is_kyc_valid: franchisees.is_kyc_valid,
      document_type_id: t.document_type_id,
      document_type_code: kycDocumentTypes.code,
      document_type_name: kycDocumentTypes.description,
      document_name: t.document_name,
      document_path: t.document_path,
      status: t.status,
      remark: t.remark,
      expires_on: t.expires_on,
      is_active: t.is_active,
      updated_at: t.updated_at,
    },
    joins: [
      { table: users, on: eq(users.id, t.user_id) },
      { table: franchisees, on: eq(franchisees.id, t.franchisee_id) },
      { table: kycDocumentTypes, on: eq(kycDocumentTypes.id, t.document_type_id) },
    ],
    id: t.id,
    isActive: t.is_active,
    deletedAt: t.deleted_at,
    search: [
      t.document_name,
      kycDocumentTypes.code,
      kycDocumentTypes.description,
      users.first_name,
      users.last_name,
      users.user_name,
    ],
    filters: {
      status: enumFilter(t.status, "Approval Status", KYC_STATUS_OPTIONS),
      review: reviewFilter(t),
      // The staff member's franchisee's KYC validity (decision: the same meaning as on franchisee documents).
      is_kyc_valid: booleanFilter(franchisees.is_kyc_valid, "KYC Valid"),
      user_id: referenceFilter(t.user_id, "User"),
      franchisee_id: referenceFilter(t.franchisee_id, "Franchisee"),
    },
    export: [
      ...idAndStatusColumns(),
      { header: "User", field: "user_name" },
      { header: "Franchisee", field: "franchisee_name" },
      { header: "Document Type", field: "document_type_name" },
      { header: "Document Name", field: "document_name" },
      {
        header: "Approval Status",
        field: "status",
        labels: { 0: "PENDING", 1: "APPROVED", 2: "REJECTED" },
      },
      { header: "Expires On", field: "expires_on" },
      { header: "Remark", field: "remark" },
    ],
  }),
});

/** The review (Approve / Reject of a submitted document) as a workflow: lib/platform/approval.ts. */
export const userKycApproval = kycApproval(USER_KYC, userKycDocumentsDef);
const crud = crudOf(userKycDocumentsDef, kycHooks(USER_KYC, t, userKycApproval) as never);
const lifecycle = kycLifecycle(userKycDocumentsDef, USER_KYC);

export const userKycDocumentsCrud = {
  ...crud,
  create: withDuplicateCheck(USER_KYC, t, crud.create),
  list: withRowButtons(USER_KYC, crud.list),
  delete: lifecycle.delete,
  restore: lifecycle.restore,
};
export const userKycDocumentActions = {
  ...entityActions(userKycDocumentsCrud),
  ...approvalActions(userKycApproval),
};

/** POST user_kyc_documents/upload_user_kyc_document (multipart id, document_path). */
export const uploadUserKycDocument = (ctx: Ctx, body: Record<string, unknown>, files: Record<string, File>) =>
  uploadKycFile(ctx, userKycDocumentsCrud, USER_KYC, body, files);

/** GET masters?context=user_kyc_documents: the staff document types. */
export const userKycMasters = (ctx: Ctx, keep?: number | null) =>
  kycDocumentTypeOptions(ctx, APPLIES_STAFF, keep);

/** The create form's staff: live users of the company's franchisees (a franchisee's admin: their own franchisee's). */
export async function staffChoices(ctx: Ctx) {
  const db = await getDb();
  const rows = await db
    .select({ id: users.id, name: userName, franchisee: franchisees.name })
    .from(users)
    .innerJoin(franchisees, eq(franchisees.id, users.franchisee_id))
    .where(
      and(
        eq(franchisees.company_id, requireCompany(ctx)),
        isNull(users.deleted_at),
        isNull(franchisees.deleted_at),
        ctx.franchiseeId != null ? eq(users.franchisee_id, ctx.franchiseeId) : undefined,
      ),
    )
    .orderBy(asc(users.first_name), asc(users.id))
    .limit(1000);
  return rows.map((r) => ({ value: String(r.id), label: `${r.name} (${r.franchisee})` }));
}
