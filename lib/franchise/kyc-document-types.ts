import "server-only";
import { sql } from "drizzle-orm";
import { z } from "zod";
import { franchiseeKycDocuments, kycDocumentTypes, userKycDocuments } from "@/db/schema";
import type { Tx } from "@/lib/platform/db";
import { companyScope, crudOf, defineEntity, restoreOf, softDeleteOf } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { booleanFilter, defineList, enumFilter, idAndStatusColumns } from "@/lib/platform/list";
import { flag, requiredText } from "@/lib/platform/schemas";
import { APPLIES_FRANCHISEE, ensureKycRowsForType, refreshCompanyKycValidity } from "./kyc-validity";

const t = kycDocumentTypes;

export const KYC_APPLIES_OPTIONS = [
  { value: "1", label: "FRANCHISEE" },
  { value: "2", label: "STAFF" },
] as const;

export const KYC_TYPE_MESSAGES = {
  codeTaken: "This code is already used by another document type of the same kind.",
  appliesTo: "The selected applies to is invalid.",
  kindInUse: "Documents of this type exist: it cannot move to the other kind.",
} as const;

const appliesTo = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v),
  z.union([z.literal(1), z.literal(2)], { error: KYC_TYPE_MESSAGES.appliesTo }),
);

/**
 * A KYC document type (master data, /kyc-document-types): a code (upper case, unique among the company's live types
 * of the same kind), a description (the placeholder documents' name), applies to franchisees (1) or staff (2),
 * required (part of KYC validity; placeholders created), and whether its documents need an expiry date.
 */
export const kycDocumentTypeCreateSchema = z.object({
  code: requiredText("code", 50).transform((v) => v.toUpperCase()),
  description: requiredText("description", 200),
  applies_to: appliesTo.default(1),
  is_required: flag.default(1),
  requires_expiry: flag.default(0),
  is_active: flag.default(1),
});

export const kycDocumentTypesDef = defineEntity({
  name: "kyc_document_types",
  noun: "Kyc Document Type",
  href: "/kyc-document-types",
  table: t,
  scope: companyScope(t),
  create: kycDocumentTypeCreateSchema,
  unique: [
    {
      columns: [t.applies_to, t.code],
      field: "code",
      message: KYC_TYPE_MESSAGES.codeTaken,
      index: "kyc_document_types_live_code_uq",
    },
  ],
  list: defineList({
    from: t,
    select: {
      id: t.id,
      code: t.code,
      description: t.description,
      applies_to: t.applies_to,
      is_required: t.is_required,
      requires_expiry: t.requires_expiry,
      is_active: t.is_active,
    },
    id: t.id,
    isActive: t.is_active,
    deletedAt: t.deleted_at,
    search: [t.code, t.description],
    filters: {
      applies_to: enumFilter(t.applies_to, "Applies To", KYC_APPLIES_OPTIONS),
      is_required: booleanFilter(t.is_required, "Required"),
    },
    // kyc_document_types_list_idx: (company_id, description, id) where live.
    sort: { description: t.description },
    defaultSort: "description",
    export: [
      ...idAndStatusColumns(),
      { header: "Code", field: "code" },
      { header: "Description", field: "description" },
    ],
  }),
});

/**
 * After a type changes (created, edited, deleted, restored): the placeholders of a required, active type for every
 * live franchisee (or staff member) of the company lacking one, and the company's franchisees' KYC validity, in
 * the same transaction. Both are one statement each, bounded by the company's franchisees and staff.
 */
async function typeChanged(tx: Tx, row: typeof t.$inferSelect, by: number) {
  if (row.deleted_at == null && row.is_active === 1 && row.is_required === 1)
    await ensureKycRowsForType(tx, row.company_id, row.id, by);
  if (row.applies_to === APPLIES_FRANCHISEE) await refreshCompanyKycValidity(tx, row.company_id);
}

/** Whether any document (live or not) is of this type. */
async function inUse(tx: Tx, id: number) {
  const [hit] = await tx
    .execute(
      sql`
    select 1 as one where exists (select 1 from ${franchiseeKycDocuments} where ${franchiseeKycDocuments.document_type_id} = ${id})
       or exists (select 1 from ${userKycDocuments} where ${userKycDocuments.document_type_id} = ${id})`,
    )
    .then((r) => (Array.isArray(r) ? r : ((r as { rows?: unknown[] }).rows ?? [])));
  return !!hit;
}

const crud = crudOf(kycDocumentTypesDef, {
  async create({ ctx, tx, input, insert }) {
    const row = await insert(input);
    await typeChanged(tx, row, ctx.userId);
    return row;
  },
  async update({ ctx, tx, before, patch, write, errors }) {
    if (
      patch.applies_to !== undefined &&
      patch.applies_to !== before.applies_to &&
      (await inUse(tx, before.id))
    )
      errors.applies_to = KYC_TYPE_MESSAGES.kindInUse;
    const row = await write(patch);
    await typeChanged(tx, row, ctx.userId);
    // A type moved from franchisees to staff no longer counts for franchisees.
    if (before.applies_to === APPLIES_FRANCHISEE && row.applies_to !== APPLIES_FRANCHISEE)
      await refreshCompanyKycValidity(tx, row.company_id);
    return row;
  },
});

const after = async ({ ctx, tx, row }: { ctx: { userId: number }; tx: Tx; row: typeof t.$inferSelect }) =>
  typeChanged(tx, row, ctx.userId);

export const kycDocumentTypesCrud = {
  ...crud,
  delete: softDeleteOf(kycDocumentTypesDef, { after }),
  restore: restoreOf(kycDocumentTypesDef, { after }),
};
export const kycDocumentTypeActions = entityActions(kycDocumentTypesCrud);
