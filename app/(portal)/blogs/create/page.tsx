import { blogsCrud } from "@/lib/franchise/blogs";
import { createScreen } from "@/lib/platform/screens";
import { BlogForm } from "../_components/blog-form";
import { EMPTY_BLOG } from "../_components/blog-values";

export const metadata = { title: "Add Blog" };

export default async function CreateBlogPage() {
  const s = await createScreen(blogsCrud);
  return <BlogForm {...s.form} initial={EMPTY_BLOG} />;
}
