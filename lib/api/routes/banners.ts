import "server-only";
import { z } from "zod";
import { bannersCrud, uploadBannerImage } from "@/lib/operations/banners";
import { recordSchema } from "@/lib/platform/row-schema";
import { crudRoutes } from "../entity-routes";
import type { ApiRoute } from "../types";

/**
 * Banners (spec 001 §7): list, export, create (title; the image may come with it as multipart image_path), one,
 * update, delete and restore; upload_banner_image_path stores the image of an existing banner.
 */
export const bannersRoutes: ApiRoute[] = [
  ...crudRoutes(bannersCrud),
  {
    method: "POST",
    path: "upload_banner_image_path",
    auth: "user",
    permission: "banners.update",
    shape: "data",
    tag: bannersCrud.def.noun,
    summary: "Upload a banner's image (multipart id, image_path; images only, checked by content)",
    input: z.object({ id: z.union([z.number(), z.string()]) }),
    files: ["image_path"],
    output: z.object({ data: recordSchema(bannersCrud.def) }),
    handler: async ({ ctx, body, files }) => ({ data: await uploadBannerImage(ctx, body, files) }),
  },
];
