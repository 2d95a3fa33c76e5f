import "server-only";
import type { Ctx } from "@/lib/platform/context";
import { forbidden } from "@/lib/platform/errors";
import { idempotencyKeyOf } from "@/lib/platform/idempotency";
import type { StagedUpload } from "@/lib/platform/staged-upload";
import type { ApiRoute } from "./types";

/**
 * The spec documents Process and Delete of an upload as GET calls, which change data. A browser sends the
 * session cookie on a top-level cross-site GET (SameSite=Lax), so for cookie callers such a request is refused
 * when the browser says it came from another site; bearer-token clients are unaffected.
 */
export function refuseCrossSite(ctx: Ctx, request: Request): void {
  const site = request.headers.get("sec-fetch-site");
  if (ctx.via === "session" && (site === "cross-site" || site === "same-site")) throw forbidden();
}

type Paths = {
  /** GET: the staged rows (`crud_users`). */
  list: string;
  /** POST multipart with the file field (`crud_users/upload_user`). */
  upload: string;
  /** GET: process (`crud_users/process_user`). */
  process: string;
  /** GET: discard (`crud_users/truncate_users`). */
  discard: string;
  /** GET: the sample file (`crud_users/sample`). */
  sample: string;
};

/** The five /api rows of a staged upload (spec 000 §7 Bulk upload, spec 001 crud_pjps), over its definition. */
export function stagedUploadRoutes<K extends string>(
  u: StagedUpload<K>,
  paths: Paths,
  docs: { tag: string; noun: string },
): ApiRoute[] {
  const auth = "user" as const;
  const { permission } = u;
  const tag = docs.tag;
  return [
    {
      auth,
      permission,
      tag,
      method: "GET",
      path: paths.list,
      summary: `The caller's staged ${docs.noun} rows with their errors (data, count, invalid).`,
      shape: "list",
      handler: ({ ctx, query }) => u.preview(ctx, query),
    },
    {
      auth,
      permission,
      tag,
      method: "POST",
      path: paths.upload,
      summary: `Uploads a spreadsheet (file field ${u.field}) into the caller's staging, replacing it; the message says how many rows have errors.`,
      files: [u.field],
      shape: "message",
      async handler({ ctx, files, body }) {
        // A client that sends the field as text instead of a file gets the same 'required' answer.
        const data = await u.upload(ctx, files[u.field] ?? body[u.field]);
        // "Uploaded successfully" only when every row is ready; otherwise how many are and how many are not.
        return { message: u.uploadMessage(data), data };
      },
    },
    {
      auth,
      permission,
      tag,
      method: "GET",
      path: paths.process,
      summary: `Creates every staged ${docs.noun} row in one transaction, or none while any row has errors.`,
      shape: "message",
      idempotent: true,
      async handler({ ctx, request }) {
        refuseCrossSite(ctx, request);
        const idempotencyKey = idempotencyKeyOf(request.headers.get("idempotency-key"));
        return { message: u.messages.processed, data: await u.process(ctx, { idempotencyKey }) };
      },
    },
    {
      auth,
      permission,
      tag,
      method: "GET",
      path: paths.discard,
      summary: `Discards the caller's staged ${docs.noun} rows.`,
      shape: "message",
      async handler({ ctx, request }) {
        refuseCrossSite(ctx, request);
        await u.discard(ctx);
        return { message: u.messages.deleted };
      },
    },
    {
      auth,
      permission,
      tag,
      method: "GET",
      path: paths.sample,
      summary: `The sample spreadsheet of the ${docs.noun} upload.`,
      shape: "file",
      handler: ({ ctx }) => u.sampleResponse(ctx),
    },
  ];
}
