import "server-only";
import { z } from "zod";
import { blogDetailsCrud, uploadBlogDetailImage } from "@/lib/franchise/blog-details";
import { blogsCrud, uploadBlogImage } from "@/lib/franchise/blogs";
import { recordSchema } from "@/lib/platform/row-schema";
import { crudRoutes } from "../entity-routes";
import type { ApiRoute } from "../types";

const uploadInput = z.object({
  id: z.union([z.number(), z.string()]).describe("The record's id (plain or opaque)."),
});

/**
 * Blogs and blog details (spec 002 §7): list, export, create (multipart with imagepath), one, update, delete and
 * restore of each; blogs/upload_blog and blog_details/upload_blog_detail store the image of an existing record.
 */
export const blogsRoutes: ApiRoute[] = [
  ...crudRoutes(blogsCrud, undefined, { exportPath: "blog_exports" }),
  {
    method: "POST",
    path: "blogs/upload_blog",
    auth: "user",
    permission: "blogs.update",
    shape: "data",
    tag: blogsCrud.def.noun,
    summary:
      "Upload a blog's image (multipart id and an optional imagepath; images only, checked by content)",
    input: uploadInput,
    files: ["imagepath"],
    output: z.object({ data: recordSchema(blogsCrud.def) }),
    handler: async ({ ctx, body, files }) => ({ data: await uploadBlogImage(ctx, body, files) }),
  },
  ...crudRoutes(blogDetailsCrud, undefined, { exportPath: "blog_detail_exports" }),
  {
    method: "POST",
    path: "blog_details/upload_blog_detail",
    auth: "user",
    permission: "blog_details.update",
    shape: "data",
    tag: blogDetailsCrud.def.noun,
    summary: "Upload a blog detail's image (multipart id, imagepath; images only, checked by content)",
    input: uploadInput,
    files: ["imagepath"],
    output: z.object({ data: recordSchema(blogDetailsCrud.def) }),
    handler: async ({ ctx, body, files }) => ({ data: await uploadBlogDetailImage(ctx, body, files) }),
  },
];
