import { blogDetailsCrud, blogOfDetails } from "@/lib/franchise/blog-details";
import { guardPage } from "@/lib/platform/page-guard";
import { createScreen } from "@/lib/platform/screens";
import { pageId } from "@/lib/platform/session";
import { BlogDetailForm } from "../../../../blog-details/_components/blog-detail-form";
import { EMPTY_BLOG_DETAIL } from "../../../../blog-details/_components/blog-detail-values";

export const metadata = { title: "Add Blog Detail" };

/** /blogs/{blogId}/blog-details/create: a new detail of that blog (a deleted or foreign blog: not found). */
export default async function CreateBlogDetailPage({ params }: { params: Promise<{ blogId: string }> }) {
  const opaque = (await params).blogId;
  const s = await createScreen(blogDetailsCrud);
  await guardPage(() => blogOfDetails(s.ctx, pageId(opaque), "create"));
  return (
    <BlogDetailForm
      {...s.form}
      listHref={`/blogs/${opaque}/blog-details`}
      blogId={opaque}
      initial={EMPTY_BLOG_DETAIL}
    />
  );
}
