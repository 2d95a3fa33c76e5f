import { EditScreen } from "@/components/audit/edit-screen";
import { blogDetailsCrud } from "@/lib/franchise/blog-details";
import { fileUrl } from "@/lib/platform/file-access";
import { formValuesOf } from "@/lib/platform/form-values";
import { encodeId } from "@/lib/platform/ids";
import { editScreen } from "@/lib/platform/screens";
import { BlogDetailForm } from "../_components/blog-detail-form";
import { EMPTY_BLOG_DETAIL } from "../_components/blog-detail-values";

export const metadata = { title: "Edit Blog Detail" };

/** /blog-details/{id}: edits one detail; a detail of a deleted or another company's blog shows the not-found card. */
export default async function EditBlogDetailPage({ params }: { params: Promise<{ blogDetailId: string }> }) {
  const s = await editScreen(blogDetailsCrud, (await params).blogDetailId);
  const blogId = encodeId(s.record.blog_id);
  return (
    <EditScreen ctx={s.ctx} entity="blog_details" id={s.id}>
      <BlogDetailForm
        {...s.form}
        listHref={`/blogs/${blogId}/blog-details`}
        blogId={blogId}
        initial={formValuesOf(EMPTY_BLOG_DETAIL, s.record)}
        imageUrl={fileUrl(s.record.imagepath)}
      />
    </EditScreen>
  );
}
