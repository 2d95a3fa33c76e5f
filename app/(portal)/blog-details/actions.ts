"use server";
import { blogDetailActions as a } from "@/lib/franchise/blog-details";
import { parseIdParam } from "@/lib/platform/ids";

/** A new detail of the blog the screen names (its opaque id); a bad id is no blog (422 on blog_id). */
export const createBlogDetailAction = async (blogId: string, values: unknown) =>
  a.create!({ ...(values && typeof values === "object" ? values : {}), blog_id: parseIdParam(blogId) ?? "" });
export const updateBlogDetailAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteBlogDetailAction = async (id: string) => a.delete!(id);
export const restoreBlogDetailAction = async (id: string) => a.restore!(id);
export const exportBlogDetailsAction = async (params: Record<string, string>) => a.export!(params);
