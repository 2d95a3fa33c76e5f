import { blogsCrud } from "@/lib/franchise/blogs";
import { createScreen } from "@/lib/platform/screens";
import { BlogForm, EMPTY_BLOG } from "../_components/blog-form";

export const metadata = { title: "Add Blog" };

export default async function CreateBlogPage() {
  const s = await createScreen(blogsCrud);
  return <BlogForm {...s.form} initial={EMPTY_BLOG} />;
}
