import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { franchiseeKycDocuments, franchisees, kycDocumentTypes } from "@/db/schema";
import { requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { crudOf, defineEntity, networkScope, zoneFilter } from "@/lib/platform/entity";
import { approvalActions } from "@/lib/platform/approval";
import { entityActions } from "@/lib/platform/entity-actions";
import {
  booleanFilter,
  defineList,
  enumFilter,
  idAndStatusColumns,
  referenceFilter,
} from "@/lib/platform/list";
import { optionalId } from "@/lib/platform/schemas";
import {
  APPLIES_FRANCHISEE,
  documentFile,
  franchiseeOwner,
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
  uploadKycFile,
  withDuplicateCheck,
  withRowButtons,
  type KycKind,
} from "./kyc-common";

const t = franchiseeKycDocuments;

/**
 * POST franchisee_kyc_documents (spec 002 §7): franchisee_id (a FRANCHISEE ADMIN's own franchisee whatever is sent),
 * document_type_id, document_name, expiry, status, is_active, remark; the file as multipart document_path, or
 * afterwards through upload_franchisee_kyc_document.
 */
export const franchiseeKycCreateSchema = z.object({
  franchisee_id: optionalId("franchisee").describe("Required, except for a franchisee's own members."),
  ...kycFields,
});

export const FRANCHISEE_KYC: KycKind = {
  name: "franchisee_kyc_documents",
  appliesTo: APPLIES_FRANCHISEE,
  ownerNoun: "franchisee",
  href: "/franchisee-kyc-documents",
  ownerKey: "franchisee_id",
  ownerOf: franchiseeOwner,
};

/** The row's franchisee's zone: a MASTER FRANCHISEE sees the documents of their zones' franchisees only. */
const franchiseeZone = sql`(select ${franchisees.zone_id} from ${franchisees} where ${franchisees.id} = ${t.franchisee_id})`;

/** A franchisee's KYC documents (spec 002 §2 Franchisee KYC documents). */
export const franchiseeKycDocumentsDef = defineEntity({
  name: "franchisee_kyc_documents",
  noun: "Franchisee Kyc Document",
  plural: "Franchisee Kyc Documents",
  href: "/franchisee-kyc-documents",
  table: t,
  scope: networkScope(t, { zone: franchiseeZone, franchisee: t.franchisee_id, stampFranchisee: true }),
  create: franchiseeKycCreateSchema,
  update: kycUpdateSchema,
  // Private: served through /api/files to those who may view the document, each download audited.
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
      { table: franchisees, on: eq(franchisees.id, t.franchisee_id) },
      { table: kycDocumentTypes, on: eq(kycDocumentTypes.id, t.document_type_id) },
    ],
    id: t.id,
    isActive: t.is_active,
    deletedAt: t.deleted_at,
    search: [t.document_name, kycDocumentTypes.code, kycDocumentTypes.description, franchisees.name],
    filters: {
      status: enumFilter(t.status, "Approval Status", KYC_STATUS_OPTIONS),
      review: reviewFilter(t),
      is_kyc_valid: booleanFilter(franchisees.is_kyc_valid, "KYC Valid"),
      franchisee_id: referenceFilter(t.franchisee_id, "Franchisee"),
    },
    // Newest first, on (company_id, id) where live (franchisee_kyc_documents_list_idx).
    export: [
      ...idAndStatusColumns(),
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
export const franchiseeKycApproval = kycApproval(FRANCHISEE_KYC, franchiseeKycDocumentsDef);
const crud = crudOf(franchiseeKycDocumentsDef, kycHooks(FRANCHISEE_KYC, t, franchiseeKycApproval) as never);
const lifecycle = kycLifecycle(franchiseeKycDocumentsDef, FRANCHISEE_KYC);
const create = withDuplicateCheck(FRANCHISEE_KYC, t, crud.create);

export const franchiseeKycDocumentsCrud = {
  ...crud,
  create,
  list: withRowButtons(FRANCHISEE_KYC, crud.list),
  delete: lifecycle.delete,
  restore: lifecycle.restore,
};
export const franchiseeKycDocumentActions = {
  ...entityActions(franchiseeKycDocumentsCrud),
  ...approvalActions(franchiseeKycApproval),
};

/** POST franchisee_kyc_documents/upload_franchisee_kyc_document (multipart id, document_path). */
export const uploadFranchiseeKycDocument = (
  ctx: Ctx,
  body: Record<string, unknown>,
  files: Record<string, File>,
) => uploadKycFile(ctx, franchiseeKycDocumentsCrud, FRANCHISEE_KYC, body, files);

/** GET masters?context=franchisee_kyc_documents: the franchisee document types. */
export const franchiseeKycMasters = (ctx: Ctx, keep?: number | null) =>
  kycDocumentTypeOptions(ctx, APPLIES_FRANCHISEE, keep);

/** The create form's franchisees: live, active ones of the company the caller may file for (their zones, their own). */
export async function franchiseeChoices(ctx: Ctx) {
  const db = await getDb();
  const rows = await db
    .select({ id: franchisees.id, name: franchisees.name })
    .from(franchisees)
    .where(
      and(
        eq(franchisees.company_id, requireCompany(ctx)),
        isNull(franchisees.deleted_at),
        eq(franchisees.is_active, 1),
        zoneFilter(ctx, franchisees.zone_id),
        ctx.franchiseeId != null ? eq(franchisees.id, ctx.franchiseeId) : undefined,
      ),
    )
    .orderBy(asc(franchisees.name), asc(franchisees.id));
  return rows.map((r) => ({ value: String(r.id), label: r.name }));
}
