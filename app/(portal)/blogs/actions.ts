"use server";
import { blogActions as a } from "@/lib/franchise/blogs";

export const createBlogAction = async (values: unknown) => a.create!(values);
export const updateBlogAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteBlogAction = async (id: string) => a.delete!(id);
export const restoreBlogAction = async (id: string) => a.restore!(id);
export const exportBlogsAction = async (params: Record<string, string>) => a.export!(params);
