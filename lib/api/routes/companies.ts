import "server-only";
import { z } from "zod";
import { companiesCrud, companiesDef, getCompanyBranding } from "@/lib/admin/companies";
import { uploadCompanyImages } from "@/lib/admin/company-images";
import { recordSchema } from "@/lib/platform/row-schema";
import { crudRoutes, entityRoute, exportRoute } from "../entity-routes";
import { idParam } from "../params";
import type { ApiRoute } from "../types";

const IMAGES = ["logo_path", "explorer_poster_path"] as const;
const record = z.object({ data: recordSchema(companiesDef) });

/** Companies (spec 000 §7). */
export const companyRoutes: ApiRoute[] = [
  entityRoute("GET", "companies", companiesCrud.list),
  exportRoute("companies/excel_export", companiesDef),
  // Multipart: the company fields plus optional images (the entity's files); a bad image refuses the whole call.
  entityRoute("POST", "companies", companiesCrud.create),
  {
    method: "POST",
    path: "companies/upload_logo_path",
    auth: "user",
    permission: "companies.update",
    shape: "data",
    tag: companiesDef.noun,
    summary: "Upload a company's logo and/or explorer poster (multipart)",
    input: z.object({ id: z.union([z.number(), z.string()]) }),
    files: IMAGES,
    output: record,
    handler: async ({ ctx, body, files }) => ({ data: await uploadCompanyImages(ctx, body, files) }),
  },
  ...crudRoutes(companiesCrud, ["delete", "restore", "get", "update"]),
  {
    method: "GET",
    path: "get_company/:id",
    auth: "user",
    // Any signed-in member reads their own company's branding (checked inside); no permission needed.
    permission: null,
    owned: "id",
    shape: "data",
    tag: companiesDef.noun,
    summary: "A company's branding: name, logo and explorer poster",
    output: z.object({
      data: z.object({
        id: z.number(),
        name: z.string(),
        logo_path: z.string().nullable(),
        explorer_poster_path: z.string().nullable(),
      }),
    }),
    handler: async ({ ctx, params }) => ({ data: await getCompanyBranding(ctx, idParam(params.id)) }),
  },
];
