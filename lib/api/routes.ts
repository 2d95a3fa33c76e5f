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
import { recordUserTimestamp } from "@/lib/admin/user-timestamps";
import { getMe } from "@/lib/admin/me";
import { issueApiToken, revokeApiToken } from "@/lib/platform/api-tokens";
import { exportLink } from "@/lib/platform/exports";
import { authorize } from "@/lib/platform/context";
import { checkCredentials } from "@/lib/platform/login";
import { forgotPasswordStep } from "@/lib/platform/password-reset";
import { idParam } from "./params";
import type { ApiRoute } from "./types";

/** The /api surface: one row per call of the spec. The dispatcher and the contract tests both read this table. */
export const apiRoutes: ApiRoute[] = [
  // Session (spec 000 §7)
  {
    method: "POST",
    path: "login",
    auth: "public",
    shape: "token",
    async handler({ body }) {
      const isWeb =
        body.is_web === true || body.is_web === "true" || body.is_web === 1 || body.is_web === "1";
      const { userId } = await checkCredentials(body, "api", isWeb);
      return { token: await issueApiToken(userId) };
    },
  },
  {
    method: "POST",
    path: "logout",
    auth: "user",
    permission: null,
    shape: "message",
    async handler({ request }) {
      await revokeApiToken(bearerOf(request));
      return { message: "Logged out." };
    },
  },
  {
    method: "GET",
    path: "me",
    auth: "user",
    permission: null,
    shape: "data",
    handler: async ({ ctx }) => ({ data: await getMe(ctx) }),
  },
  {
    method: "POST",
    path: "user_timestamps",
    auth: "user",
    permission: null,
    shape: "data",
    handler: async ({ ctx, body }) => ({ data: await recordUserTimestamp(ctx, body) }),
  },
  {
    method: "POST",
    path: "forgot_password",
    auth: "public",
    shape: "message",
    handler: async ({ body }) => forgotPasswordStep(body),
  },

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

function bearerOf(request: Request): string {
  return (request.headers.get("authorization") ?? "").replace(/^Bearer\s+/i, "");
}
