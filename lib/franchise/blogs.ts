import "server-only";
import { eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import { blogs } from "@/db/schema";
import { authorize, type Ctx } from "@/lib/platform/context";
import { appContentScope, crudOf, defineEntity } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { invalid } from "@/lib/platform/errors";
import { imageFile } from "@/lib/platform/files";
import { parseIdParam } from "@/lib/platform/ids";
import { defineList, idAndStatusColumns } from "@/lib/platform/list";
import { sanitizeRichText } from "@/lib/platform/sanitize";
import { flag, requiredText } from "@/lib/platform/schemas";

/** The longest rich text taken (decision: the spec shows no bound; 100,000 characters of HTML). */
export const RICH_TEXT_MAX = 100_000;

/**
 * Rich text from the editor (tiptap): sanitised on the server with the allow-list of lib/platform/sanitize.ts
 * (a script, an event handler or a javascript: link never reaches the database); blank → null.
 */
export const richText = (label: string) =>
  z
    .string({ error: `The ${label} must be text.` })
    .max(RICH_TEXT_MAX, `The ${label} may not be greater than ${RICH_TEXT_MAX} characters.`)
    .refine((v) => !v.includes("\u0000"), `The ${label} may not contain a null character.`)
    .nullish()
    .transform((v) => sanitizeRichText(v ?? null));

/**
 * Rich text as plain text for a list cell or an export (tags dropped, the sanitiser's entities read back, spaces
 * collapsed), its first 500 characters: the cell cuts it at 85 with the rest in a tooltip.
 */
export function plainText(html: AnyPgColumn): SQL<string | null> {
  const stripped = sql`regexp_replace(coalesce(${html}, ''), '<[^>]*>', ' ', 'g')`;
  const decoded = sql`replace(replace(replace(replace(replace(replace(${stripped}, '&nbsp;', ' '), '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')`;
  return sql<string | null>`nullif(left(btrim(regexp_replace(${decoded}, '\\s+', ' ', 'g')), 500), '')`;
}

/** The blog form (spec 002 §2 Blogs): title (required), description (rich text); the image comes as a file. */
export const blogCreateSchema = z.object({
  title: requiredText("title", 300),
  description: richText("description"),
  is_active: flag.default(1),
});

/** Blogs the apps show: a title, an image and rich text (spec 002 §2 Blogs); newest first. */
export const blogsDef = defineEntity({
  name: "blogs",
  noun: "Blog",
  href: "/blogs",
  table: blogs,
  // An app user (role USER) reads only the published (active) blogs of their company (issue 22); writes stay staff's.
  scope: appContentScope(blogs, eq(blogs.is_active, 1)),
  create: blogCreateSchema,
  // Images only, checked by content and re-encoded (lib/platform/files.ts), saved with the record.
  files: { imagepath: imageFile },
  list: defineList({
    from: blogs,
    select: {
      id: blogs.id,
      title: blogs.title,
      description_text: plainText(blogs.description),
      imagepath: blogs.imagepath,
      is_active: blogs.is_active,
    },
    id: blogs.id,
    isActive: blogs.is_active,
    deletedAt: blogs.deleted_at,
    search: [blogs.title],
    // Newest first on (company_id, id) (blogs_list_idx).
    export: [
      ...idAndStatusColumns(),
      { header: "Title", field: "title" },
      { header: "Description", field: "description_text" },
      { header: "Image", field: "imagepath" },
    ],
  }),
});

export const blogsCrud = crudOf(blogsDef);
export const blogActions = entityActions(blogsCrud);

/** The id of a multipart upload's record: the portal sends the opaque id it holds, other clients the plain one. */
export function uploadId(body: Record<string, unknown>): number {
  const id =
    typeof body.id === "string" ? parseIdParam(body.id) : typeof body.id === "number" ? body.id : null;
  if (id == null) throw invalid({ id: "The id field is required." });
  return id;
}

/**
 * POST blogs/upload_blog (spec 002 §7: multipart id and an optional imagepath): stores the image on that blog, as an
 * edit of it (an image by content; a refused file stores nothing); without a file the blog is answered unchanged.
 * Another company's blog answers 404 before the file is read.
 */
export async function uploadBlogImage(ctx: Ctx, body: Record<string, unknown>, files: Record<string, File>) {
  authorize(ctx, "blogs.update");
  const id = uploadId(body);
  const blog = await blogsCrud.get(ctx, id);
  const imagepath = files.imagepath;
  if (!imagepath?.size) return blog;
  return blogsCrud.update(ctx, { id, imagepath });
}
