import "server-only";
import { z } from "zod";
import {
  franchiseeKycDocumentsCrud,
  uploadFranchiseeKycDocument,
} from "@/lib/franchise/franchisee-kyc-documents";
import { kycButtonsSchema } from "@/lib/franchise/kyc-common";
import { kycDocumentTypesCrud } from "@/lib/franchise/kyc-document-types";
import { runKycExpirySweep } from "@/lib/franchise/kyc-expiry";
import { uploadUserKycDocument, userKycDocumentsCrud } from "@/lib/franchise/user-kyc-documents";
import type { List, Selection } from "@/lib/platform/list";
import { listAnswer, listRowSchema, recordSchema } from "@/lib/platform/row-schema";
import { crudRoutes, entityRoute } from "../entity-routes";
import type { ApiRoute } from "../types";

type KycCrud = typeof franchiseeKycDocumentsCrud | typeof userKycDocumentsCrud;

/** GET <kind>: the list, each row with its buttons (spec 002 §2's rules, per caller), preview link and type {id, code}. */
function kycListRoute(crud: KycCrud): ApiRoute {
  const row = entityRoute("GET", crud.def.name, crud.list);
  return {
    ...row,
    summary: `List ${crud.def.plural.toLowerCase()} (each row with the caller's buttons and the file's link)`,
    output: listAnswer(listRowSchema(crud.def.list as unknown as List<Selection>).extend(kycButtonsSchema)),
  };
}

/** POST <kind>/upload_<...>: the file of an existing document (multipart id, document_path). */
function uploadRoute(
  crud: KycCrud,
  path: string,
  upload: (ctx: never, body: Record<string, unknown>, files: Record<string, File>) => Promise<unknown>,
): ApiRoute {
  return {
    method: "POST",
    path,
    auth: "user",
    permission: crud.def.permission("update"),
    shape: "data",
    tag: crud.def.noun,
    summary:
      "Upload a KYC document's file (multipart id, document_path: a PDF or an image, at most 10 MB; checked by content)",
    input: z.object({ id: z.union([z.number(), z.string()]) }),
    files: ["document_path"],
    output: z.object({ data: recordSchema(crud.def) }),
    handler: async ({ ctx, body, files }) => ({ data: await upload(ctx as never, body, files) }),
  };
}

const sweepOutput = z.object({
  data: z.object({
    skipped: z.boolean().describe("True when another run held the sweep's lock."),
    notified_30: z.number(),
    notified_7: z.number(),
    refreshed: z
      .number()
      .describe("Franchisees whose KYC validity was recomputed (a document past its date)."),
  }),
});

/**
 * KYC (spec 002 §7): document types (master data); franchisee and staff KYC documents — list, export, create (the
 * file may come with it as multipart document_path; a document already submitted or approved answers 208 with
 * { title, sub_title }), one, update, delete, restore, the upload of the file; the expiry sweep for a cron.
 * The spec's staff-document delete and restore call POST users/delete|restore/{id} (the users routes, unchanged);
 * user_kyc_documents/delete|restore/{id} are the documents' own.
 */
export const kycRoutes: ApiRoute[] = [
  ...crudRoutes(kycDocumentTypesCrud),
  kycListRoute(franchiseeKycDocumentsCrud),
  ...crudRoutes(franchiseeKycDocumentsCrud, ["export", "create", "get", "update", "delete", "restore"]),
  uploadRoute(
    franchiseeKycDocumentsCrud,
    "franchisee_kyc_documents/upload_franchisee_kyc_document",
    uploadFranchiseeKycDocument,
  ),
  kycListRoute(userKycDocumentsCrud),
  ...crudRoutes(userKycDocumentsCrud, ["export", "create", "get", "update", "delete", "restore"]),
  uploadRoute(userKycDocumentsCrud, "user_kyc_documents/upload_user_kyc_document", uploadUserKycDocument),
  {
    method: "POST",
    path: "kyc_documents/expiry_sweep",
    auth: "user",
    permission: "franchisee_kyc_documents.review",
    shape: "data",
    tag: franchiseeKycDocumentsCrud.def.noun,
    summary:
      "Run the KYC expiry sweep for the acting company now (30- and 7-day reminders, validity past expiry); for a cron",
    input: z.object({}),
    output: sweepOutput,
    handler: async ({ ctx }) => ({ data: await runKycExpirySweep(ctx) }),
  },
];
