import "server-only";
import {
  deleteCompany,
  getCompany,
  getCompanyBranding,
  listCompanies,
  restoreCompany,
  updateCompany,
} from "@/lib/admin/companies";
import { uploadCompanyImages, createCompanyWithImages } from "@/lib/admin/company-images";
import { exportLink } from "@/lib/platform/exports";
import { authorize } from "@/lib/platform/context";
import { idParam } from "../params";
import type { ApiRoute } from "../types";

/** Companies (spec 000 §7). */
export const companyRoutes: ApiRoute[] = [
  // Companies (spec 000 §7)
  {
    method: "GET",
    path: "companies",
    auth: "user",
    permission: "companies.list",
    shape: "list",
    handler: ({ ctx, query }) => listCompanies(ctx, query),
  },
  {
    method: "GET",
    path: "companies/excel_export",
    auth: "user",
    permission: "companies.export",
    shape: "data",
    async handler({ ctx, query }) {
      authorize(ctx, "companies.export");
      return { data: exportLink(ctx, "companies", query) };
    },
  },
  {
    method: "POST",
    path: "companies",
    auth: "user",
    permission: "companies.create",
    shape: "data",
    handler: async ({ ctx, body, files }) => ({ data: await createCompanyWithImages(ctx, body, files) }),
  },
  {
    method: "POST",
    path: "companies/upload_logo_path",
    auth: "user",
    permission: "companies.update",
    shape: "data",
    handler: async ({ ctx, body, files }) => ({ data: await uploadCompanyImages(ctx, body, files) }),
  },
  {
    method: "POST",
    path: "companies/delete/:id",
    auth: "user",
    permission: "companies.delete",
    owned: "id",
    shape: "message",
    async handler({ ctx, params }) {
      await deleteCompany(ctx, { id: idParam(params.id) });
      return { message: "Company deleted successfully." };
    },
  },
  {
    method: "POST",
    path: "companies/restore/:id",
    auth: "user",
    permission: "companies.restore",
    owned: "id",
    shape: "message",
    async handler({ ctx, params }) {
      await restoreCompany(ctx, { id: idParam(params.id) });
      return { message: "Company restored successfully." };
    },
  },
  {
    method: "GET",
    path: "companies/:id",
    auth: "user",
    permission: "companies.view",
    owned: "id",
    shape: "data",
    handler: async ({ ctx, params }) => ({ data: await getCompany(ctx, idParam(params.id)) }),
  },
  {
    method: "PATCH",
    path: "companies/:id",
    auth: "user",
    permission: "companies.update",
    owned: "id",
    shape: "data",
    handler: async ({ ctx, params, body }) => ({
      data: await updateCompany(ctx, { ...body, id: idParam(params.id) }),
    }),
  },
  {
    method: "GET",
    path: "get_company/:id",
    auth: "user",
    permission: null,
    owned: "id",
    shape: "data",
    handler: async ({ ctx, params }) => ({ data: await getCompanyBranding(ctx, idParam(params.id)) }),
  },
];
