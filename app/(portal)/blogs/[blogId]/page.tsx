import { EditScreen } from "@/components/audit/edit-screen";
import { blogsCrud } from "@/lib/franchise/blogs";
import { fileUrl } from "@/lib/platform/file-access";
import { formValuesOf } from "@/lib/platform/form-values";
import { editScreen } from "@/lib/platform/screens";
import { BlogForm } from "../_components/blog-form";
import { EMPTY_BLOG } from "../_components/blog-values";

export const metadata = { title: "Edit Blog" };

export default async function EditBlogPage({ params }: { params: Promise<{ blogId: string }> }) {
  const s = await editScreen(blogsCrud, (await params).blogId);
  return (
    <EditScreen ctx={s.ctx} entity="blogs" id={s.id}>
      <BlogForm
        {...s.form}
        initial={formValuesOf(EMPTY_BLOG, s.record)}
        imageUrl={fileUrl(s.record.imagepath)}
      />
    </EditScreen>
  );
}
