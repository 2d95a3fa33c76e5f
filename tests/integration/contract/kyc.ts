import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import { expect } from "vitest";
import { franchiseeKycDocuments, franchisees, kycDocumentTypes, userKycDocuments, users } from "@/db/schema";
import { api } from "../../support/fixtures";
import type { Env, Sample } from "./types";

const pdf = () =>
  new File([new TextEncoder().encode("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\n%%EOF\n")], "contract.pdf", {
    type: "application/pdf",
  });

let n = 0;

/** A fresh KYC document type of a company (deleted when `deleted`). */
async function spareType(
  e: Pick<Env, "db">,
  companyId: number,
  o: { deleted?: boolean; appliesTo?: 1 | 2 } = {},
) {
  const [t] = await e.db
    .insert(kycDocumentTypes)
    .values({
      company_id: companyId,
      code: `CT${++n}${Math.random().toString(36).slice(2, 6)}`,
      description: `Contract Type ${n}`,
      applies_to: o.appliesTo ?? 1,
      is_required: 0,
      deleted_at: o.deleted ? new Date() : null,
    })
    .returning({ id: kycDocumentTypes.id });
  return t.id;
}

async function franchiseeOf(e: Pick<Env, "db">, companyId: number) {
  const [f] = await e.db
    .select({ id: franchisees.id })
    .from(franchisees)
    .where(and(eq(franchisees.company_id, companyId), isNull(franchisees.deleted_at)))
    .orderBy(asc(franchisees.id))
    .limit(1);
  return f.id;
}

async function staffOf(e: Pick<Env, "db">, companyId: number) {
  const [u] = await e.db
    .select({ id: users.id, franchisee_id: users.franchisee_id })
    .from(users)
    .innerJoin(franchisees, eq(franchisees.id, users.franchisee_id))
    .where(
      and(eq(franchisees.company_id, companyId), isNull(users.deleted_at), isNotNull(users.franchisee_id)),
    )
    .orderBy(asc(users.id))
    .limit(1);
  return u;
}

/** A fresh, file-less franchisee document of a company (deleted when `deleted`). */
async function spareDoc(e: Pick<Env, "db">, companyId: number, deleted = false) {
  const [d] = await e.db
    .insert(franchiseeKycDocuments)
    .values({
      company_id: companyId,
      franchisee_id: await franchiseeOf(e, companyId),
      document_type_id: await spareType(e, companyId),
      document_name: `Contract Document ${++n}`,
      deleted_at: deleted ? new Date() : null,
    })
    .returning({ id: franchiseeKycDocuments.id });
  return d.id;
}

/** A fresh, file-less staff document of a company (deleted when `deleted`). */
async function spareStaffDoc(e: Pick<Env, "db">, companyId: number, deleted = false) {
  const u = await staffOf(e, companyId);
  const [d] = await e.db
    .insert(userKycDocuments)
    .values({
      company_id: companyId,
      user_id: u.id,
      franchisee_id: u.franchisee_id,
      document_type_id: await spareType(e, companyId, { appliesTo: 2 }),
      document_name: `Contract Staff Document ${++n}`,
      deleted_at: deleted ? new Date() : null,
    })
    .returning({ id: userKycDocuments.id });
  return d.id;
}

const spare = {
  type: 0,
  typeDel: 0,
  typeRestore: 0,
  doc: 0,
  del: 0,
  restore: 0,
  staff: 0,
  sDel: 0,
  sRestore: 0,
};
const body = { fr: {} as Record<string, unknown>, staff: {} as Record<string, unknown> };

/** Upload sample: a PDF stored on a document of the company; another company's document answers 404. */
const upload =
  (path: string, make: (e: Env, companyId: number) => Promise<number>) =>
  async (e: Env): Promise<void> => {
    const form = new FormData();
    form.set("id", String(await make(e, e.happyId)));
    form.set("document_path", pdf());
    const r = await api("POST", path, { token: e.tokens.admin, form });
    expect(r.status).toBe(200);
    expect((r.json.data as { document_path: string }).document_path).toMatch(/\.pdf$/);
    const foreign = new FormData();
    foreign.set("id", String(await make(e, e.wagId)));
    foreign.set("document_path", pdf());
    expect((await api("POST", path, { token: e.tokens.full, form: foreign })).status).toBe(404);
  };

export const kycSamples: Record<string, Sample> = {
  "GET kyc_document_types": {
    path: () =>
      "kyc_document_types?page=1&rowsPerPage=5&show_deleted=0&is_active=1&applies_to=1&search_keyword=pan",
  },
  "POST kyc_document_types": {
    path: () => "kyc_document_types",
    body: () => ({
      code: `CP${++n}${Date.now() % 100000}`,
      description: "Contract Type",
      applies_to: 2,
      is_required: 0,
    }),
  },
  "GET kyc_document_types/:id": {
    before: async (e) => void (spare.type = await spareType(e, e.happyId)),
    path: () => `kyc_document_types/${spare.type || 1}`,
    foreign: async (e) => `kyc_document_types/${await spareType(e, e.wagId)}`,
  },
  "PATCH kyc_document_types/:id": {
    before: async (e) => void (spare.type = await spareType(e, e.happyId)),
    path: () => `kyc_document_types/${spare.type || 1}`,
    body: () => ({ description: "Contract Type Renamed", requires_expiry: 1 }),
    foreign: async (e) => `kyc_document_types/${await spareType(e, e.wagId)}`,
  },
  "POST kyc_document_types/delete/:id": {
    before: async (e) => void (spare.typeDel = await spareType(e, e.happyId)),
    path: () => `kyc_document_types/delete/${spare.typeDel || 1}`,
    foreign: async (e) => `kyc_document_types/delete/${await spareType(e, e.wagId)}`,
  },
  "POST kyc_document_types/restore/:id": {
    before: async (e) => void (spare.typeRestore = await spareType(e, e.happyId, { deleted: true })),
    path: () => `kyc_document_types/restore/${spare.typeRestore || 1}`,
    foreign: (e) => `kyc_document_types/restore/${e.trash.kyc_document_type}`,
  },

  "GET franchisee_kyc_documents": {
    path: () =>
      "franchisee_kyc_documents?page=1&rowsPerPage=5&show_deleted=0&is_active=1&status=0&is_kyc_valid=0&search_keyword=card",
  },
  "GET franchisee_kyc_document_exports": { path: () => "franchisee_kyc_document_exports?status=0" },
  "POST franchisee_kyc_documents": {
    before: async (e) =>
      void (body.fr = {
        franchisee_id: await franchiseeOf(e, e.happyId),
        document_type_id: await spareType(e, e.happyId),
        document_name: "Contract Document",
        status: 0,
        is_active: 1,
        remark: "",
      }),
    path: () => "franchisee_kyc_documents",
    body: () => body.fr,
  },
  "GET franchisee_kyc_documents/:id": {
    before: async (e) => void (spare.doc = await spareDoc(e, e.happyId)),
    path: () => `franchisee_kyc_documents/${spare.doc || 1}`,
    foreign: async (e) => `franchisee_kyc_documents/${await spareDoc(e, e.wagId)}`,
  },
  "PATCH franchisee_kyc_documents/:id": {
    before: async (e) => void (spare.doc = await spareDoc(e, e.happyId)),
    path: () => `franchisee_kyc_documents/${spare.doc || 1}`,
    body: () => ({ document_name: "Contract Document Renamed", status: 2, remark: "Unreadable" }),
    foreign: async (e) => `franchisee_kyc_documents/${await spareDoc(e, e.wagId)}`,
  },
  "POST franchisee_kyc_documents/delete/:id": {
    before: async (e) => void (spare.del = await spareDoc(e, e.happyId)),
    path: () => `franchisee_kyc_documents/delete/${spare.del || 1}`,
    foreign: async (e) => `franchisee_kyc_documents/delete/${await spareDoc(e, e.wagId)}`,
  },
  "POST franchisee_kyc_documents/restore/:id": {
    before: async (e) => void (spare.restore = await spareDoc(e, e.happyId, true)),
    path: () => `franchisee_kyc_documents/restore/${spare.restore || 1}`,
    foreign: (e) => `franchisee_kyc_documents/restore/${e.trash.franchisee_kyc_document}`,
  },
  "POST franchisee_kyc_documents/upload_franchisee_kyc_document": {
    path: () => "franchisee_kyc_documents/upload_franchisee_kyc_document",
    valid: upload("franchisee_kyc_documents/upload_franchisee_kyc_document", spareDoc),
  },

  "GET user_kyc_documents": {
    path: () =>
      "user_kyc_documents?page=1&rowsPerPage=5&show_deleted=0&is_active=1&status=0&is_kyc_valid=0&search_keyword=card",
  },
  "GET user_kyc_document_exports": { path: () => "user_kyc_document_exports?status=0" },
  "POST user_kyc_documents": {
    before: async (e) =>
      void (body.staff = {
        user_id: (await staffOf(e, e.happyId)).id,
        document_type_id: await spareType(e, e.happyId, { appliesTo: 2 }),
        document_name: "Contract Staff Document",
        status: 0,
        is_active: 1,
      }),
    path: () => "user_kyc_documents",
    body: () => body.staff,
  },
  "GET user_kyc_documents/:id": {
    before: async (e) => void (spare.staff = await spareStaffDoc(e, e.happyId)),
    path: () => `user_kyc_documents/${spare.staff || 1}`,
    foreign: async (e) => `user_kyc_documents/${await spareStaffDoc(e, e.wagId)}`,
  },
  "PATCH user_kyc_documents/:id": {
    before: async (e) => void (spare.staff = await spareStaffDoc(e, e.happyId)),
    path: () => `user_kyc_documents/${spare.staff || 1}`,
    body: () => ({ document_name: "Contract Staff Renamed" }),
    foreign: async (e) => `user_kyc_documents/${await spareStaffDoc(e, e.wagId)}`,
  },
  "POST user_kyc_documents/delete/:id": {
    before: async (e) => void (spare.sDel = await spareStaffDoc(e, e.happyId)),
    path: () => `user_kyc_documents/delete/${spare.sDel || 1}`,
    foreign: async (e) => `user_kyc_documents/delete/${await spareStaffDoc(e, e.wagId)}`,
  },
  "POST user_kyc_documents/restore/:id": {
    before: async (e) => void (spare.sRestore = await spareStaffDoc(e, e.happyId, true)),
    path: () => `user_kyc_documents/restore/${spare.sRestore || 1}`,
    foreign: (e) => `user_kyc_documents/restore/${e.trash.user_kyc_document}`,
  },
  "POST user_kyc_documents/upload_user_kyc_document": {
    path: () => "user_kyc_documents/upload_user_kyc_document",
    valid: upload("user_kyc_documents/upload_user_kyc_document", spareStaffDoc),
  },

  "POST kyc_documents/expiry_sweep": { path: () => "kyc_documents/expiry_sweep", body: () => ({}) },
};

/** The server-action contract's records (./actions.ts spreads them): fresh documents of Happy Paws. */
export const kycActionSamples = {
  kyc_document_types: {
    create: () => ({
      code: `CA${++n}${Date.now() % 100000}`,
      description: "Contract Action Type",
      applies_to: "2",
    }),
  },
  franchisee_kyc_documents: {
    create: async (e: Pick<Env, "db" | "happyId">) => ({
      franchisee_id: String(await franchiseeOf(e, e.happyId)),
      document_type_id: String(await spareType(e, e.happyId)),
      document_name: `Contract Action Document ${++n}`,
    }),
    update: () => ({ document_name: `Contract Action Renamed ${++n}` }),
  },
  user_kyc_documents: {
    create: async (e: Pick<Env, "db" | "happyId">) => ({
      user_id: String((await staffOf(e, e.happyId)).id),
      document_type_id: String(await spareType(e, e.happyId, { appliesTo: 2 })),
      document_name: `Contract Action Staff Document ${++n}`,
    }),
    update: () => ({ document_name: `Contract Action Renamed ${++n}` }),
  },
};
