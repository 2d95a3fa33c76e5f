import "server-only";
import {
  discardStagedUsers,
  listStagedUsers,
  processStagedUsers,
  UPLOAD_MESSAGES,
  uploadUsers,
  userUploadSample,
} from "@/lib/admin/users/upload";
import type { Ctx } from "@/lib/platform/context";
import { forbidden } from "@/lib/platform/errors";
import type { ApiRoute } from "../types";

/**
 * The spec documents Process and Delete as GET calls, which change data. A browser sends the session cookie on
 * a top-level cross-site GET (SameSite=Lax), so for cookie callers such a request is refused when the browser
 * says it came from another site; bearer-token clients are unaffected.
 */
function refuseCrossSite(ctx: Ctx, request: Request) {
  const site = request.headers.get("sec-fetch-site");
  if (ctx.via === "session" && (site === "cross-site" || site === "same-site")) throw forbidden();
}

/** Users bulk upload (spec 000 §2.9, §7 Bulk upload). */
export const userUploadRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "crud_users",
    auth: "user",
    permission: "users.upload",
    shape: "list",
    handler: ({ ctx, query }) => listStagedUsers(ctx, query),
  },
  {
    method: "POST",
    path: "crud_users/upload_user",
    auth: "user",
    permission: "users.upload",
    shape: "message",
    handler: async ({ ctx, files, body }) => ({
      message: UPLOAD_MESSAGES.uploaded,
      // A client that sends the field as text instead of a file gets the same 'required' answer.
      data: await uploadUsers(ctx, files.users ?? body.users),
    }),
  },
  {
    method: "GET",
    path: "crud_users/process_user",
    auth: "user",
    permission: "users.upload",
    shape: "message",
    async handler({ ctx, request }) {
      refuseCrossSite(ctx, request);
      return { message: UPLOAD_MESSAGES.processed, data: await processStagedUsers(ctx) };
    },
  },
  {
    method: "GET",
    path: "crud_users/truncate_users",
    auth: "user",
    permission: "users.upload",
    shape: "message",
    async handler({ ctx, request }) {
      refuseCrossSite(ctx, request);
      await discardStagedUsers(ctx);
      return { message: UPLOAD_MESSAGES.deleted };
    },
  },
  {
    method: "GET",
    path: "crud_users/sample",
    auth: "user",
    permission: "users.upload",
    shape: "file",
    async handler({ ctx }) {
      const xlsx = await userUploadSample(ctx);
      return new Response(new Uint8Array(xlsx), {
        headers: {
          "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "content-disposition": 'attachment; filename="users-upload-sample.xlsx"',
          "cache-control": "no-store",
        },
      });
    },
  },
];
