import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { banners } from "@/db/schema";
import type { Ctx } from "@/lib/platform/context";
import { authorize } from "@/lib/platform/context";
import { appContentScope, crudOf, defineEntity } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { invalid } from "@/lib/platform/errors";
import { imageFile } from "@/lib/platform/files";
import { parseIdParam } from "@/lib/platform/ids";
import { defineList, idAndStatusColumns } from "@/lib/platform/list";
import { flag, requiredText } from "@/lib/platform/schemas";

/** Spec 001 §8: what the screen shows when the banner's image is refused (the reason follows it). */
export const BANNER_UPLOAD_FAILED =
  "Looks like system faced an error while uploading the File. Kindly check the file before uploading ...";

/**
 * The banner form (spec 001 §3): the title ("Name" on the screen), Is Active on edit; the image travels with the
 * save as a file (`image_path`). The earlier client sends role_id 4 on create, whose meaning the spec does not
 * show: accepted and ignored (decision).
 */
export const bannerCreateSchema = z.object({
  title: requiredText("title", 200),
  is_active: flag.default(1),
  role_id: z.unknown().optional().describe("Sent by the earlier client (4); accepted and ignored."),
});

/** Banners the apps show: a title and an image (spec 001 §2 Banners). */
export const bannersDef = defineEntity({
  name: "banners",
  noun: "Banner",
  href: "/banners",
  table: banners,
  // An app user (role USER) reads only the active banners of their company (issue 22); writes stay staff's.
  scope: appContentScope(banners, eq(banners.is_active, 1)),
  create: bannerCreateSchema,
  // Images only, checked by content and re-encoded (lib/platform/files.ts), saved with the record.
  files: { image_path: imageFile },
  list: defineList({
    from: banners,
    select: {
      id: banners.id,
      title: banners.title,
      image_path: banners.image_path,
      is_active: banners.is_active,
    },
    id: banners.id,
    isActive: banners.is_active,
    deletedAt: banners.deleted_at,
    search: [banners.title],
    sort: { title: banners.title, created_at: banners.created_at },
    defaultSort: "title",
    export: [
      ...idAndStatusColumns(),
      { header: "Banner", field: "title" },
      { header: "Image", field: "image_path" },
    ],
  }),
});

export const bannersCrud = crudOf(bannersDef, {
  // role_id is documented and accepted, never stored.
  create: async ({ input, insert }) => {
    const { role_id: _ignored, ...fields } = input;
    void _ignored;
    return insert(fields);
  },
  update: async ({ patch, write }) => {
    const { role_id: _ignored, ...fields } = patch;
    void _ignored;
    return write(fields);
  },
});
export const bannerActions = entityActions(bannersCrud);

/**
 * POST upload_banner_image_path (spec 001 §7: multipart id, image_path): stores the image on that banner, as an
 * edit of it (same checks as the form: an image by content; a refused file stores nothing). Another company's
 * banner answers 404 before the file is read.
 */
export async function uploadBannerImage(
  ctx: Ctx,
  body: Record<string, unknown>,
  files: Record<string, File>,
) {
  authorize(ctx, "banners.update");
  // The portal sends the opaque id it holds; other clients send the plain one.
  const id =
    typeof body.id === "string" ? parseIdParam(body.id) : typeof body.id === "number" ? body.id : null;
  if (id == null) throw invalid({ id: "The id field is required." });
  await bannersCrud.get(ctx, id);
  const image_path = files.image_path;
  if (!image_path?.size) throw invalid({ image_path: "Choose an image to upload." });
  return bannersCrud.update(ctx, { id, image_path });
}
