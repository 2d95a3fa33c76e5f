import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { blogDetails, blogs } from "@/db/schema";
import { authorize, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor } from "@/lib/platform/db";
import { crudOf, defineEntity, type Scope } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { invalid, notFound, type FieldErrors } from "@/lib/platform/errors";
import { imageFile } from "@/lib/platform/files";
import { defineList, idAndStatusColumns, referenceFilter } from "@/lib/platform/list";
import { flag, requiredId } from "@/lib/platform/schemas";
import { plainText, richText, uploadId } from "./blogs";

export const BLOG_INVALID = "The selected blog is invalid.";

/**
 * Details of the acting company's live blogs: a detail whose blog is deleted (or another company's) answers 404
 * everywhere, exactly like a missing one, and leaves the lists.
 */
const blogDetailScope: Scope = {
  kind: "company",
  where: (ctx) =>
    and(
      eq(blogDetails.company_id, requireCompany(ctx)),
      sql`exists (select 1 from ${blogs} where ${blogs.id} = ${blogDetails.blog_id} and ${blogs.deleted_at} is null)`,
    ),
  companyOf: (row) => (row.company_id as number | null) ?? null,
  stamp: (ctx) => ({ company_id: requireCompany(ctx) }),
};

/** A blog detail (spec 002 §2): its blog, a description (rich text); the image comes as a file. */
export const blogDetailCreateSchema = z.object({
  blog_id: requiredId("blog"),
  description: richText("description"),
  is_active: flag.default(1),
});

/** The edit: description and status (decision: a detail stays with its blog; blog_id is not taken). */
export const blogDetailUpdateSchema = z.object({
  description: richText("description").optional(),
  is_active: flag.optional(),
});

/** The entries of a blog (spec 002 §2: /blogs/{blogId}/blog-details, edited at /blog-details/{id}); newest first. */
export const blogDetailsDef = defineEntity({
  name: "blog_details",
  noun: "Blog Detail",
  href: "/blog-details",
  table: blogDetails,
  scope: blogDetailScope,
  create: blogDetailCreateSchema,
  update: blogDetailUpdateSchema,
  files: { imagepath: imageFile },
  list: defineList({
    from: blogDetails,
    select: {
      id: blogDetails.id,
      blog_id: blogDetails.blog_id,
      description_text: plainText(blogDetails.description),
      imagepath: blogDetails.imagepath,
      is_active: blogDetails.is_active,
    },
    id: blogDetails.id,
    isActive: blogDetails.is_active,
    deletedAt: blogDetails.deleted_at,
    search: [blogDetails.description],
    // One blog's entries on (company_id, blog_id, id) (blog_details_blog_idx).
    filters: { blog_id: referenceFilter(blogDetails.blog_id, "Blog") },
    export: [
      ...idAndStatusColumns(),
      { header: "Blog Id", field: "blog_id" },
      { header: "Description", field: "description_text" },
      { header: "Image", field: "imagepath" },
    ],
  }),
});

/** A live blog of the acting company (a detail's parent). */
async function checkBlog(tx: Executor, ctx: Ctx, id: number, errors: FieldErrors) {
  const [hit] = await tx
    .select({ id: blogs.id })
    .from(blogs)
    .where(and(eq(blogs.id, id), eq(blogs.company_id, requireCompany(ctx)), isNull(blogs.deleted_at)))
    .limit(1);
  if (!hit) errors.blog_id ??= BLOG_INVALID;
}

export const blogDetailsCrud = crudOf(blogDetailsDef, {
  async create({ ctx, tx, input, insert, errors }) {
    await checkBlog(tx, ctx, input.blog_id, errors);
    return insert(input);
  },
});
export const blogDetailActions = entityActions(blogDetailsCrud);

/**
 * The blog a details screen belongs to (its title): a live blog of the acting company, else 404. Checked with the
 * details' own permission `op` (a caller may manage details without blogs.view).
 */
export async function blogOfDetails(ctx: Ctx, blogId: number, op: "list" | "create" = "list") {
  authorize(ctx, blogDetailsDef.permission(op));
  const db = await getDb();
  const [blog] = await db
    .select({ id: blogs.id, title: blogs.title })
    .from(blogs)
    .where(and(eq(blogs.id, blogId), eq(blogs.company_id, requireCompany(ctx)), isNull(blogs.deleted_at)))
    .limit(1);
  if (!blog) throw notFound();
  return blog;
}

/**
 * POST blog_details/upload_blog_detail (spec 002 §7: multipart id, imagepath): stores the image on that detail, as an
 * edit of it. Another company's detail, or one of a deleted blog, answers 404 before the file is read.
 */
export async function uploadBlogDetailImage(
  ctx: Ctx,
  body: Record<string, unknown>,
  files: Record<string, File>,
) {
  authorize(ctx, "blog_details.update");
  const id = uploadId(body);
  await blogDetailsCrud.get(ctx, id);
  const imagepath = files.imagepath;
  if (!imagepath?.size) throw invalid({ imagepath: "Choose an image to upload." });
  return blogDetailsCrud.update(ctx, { id, imagepath });
}
