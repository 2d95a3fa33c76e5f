import { EditScreen } from "@/components/audit/edit-screen";
import { blogsCrud } from "@/lib/franchise/blogs";
import { fileUrl } from "@/lib/platform/file-access";
import { editScreen } from "@/lib/platform/screens";
import { BlogForm } from "../_components/blog-form";

export const metadata = { title: "Edit Blog" };

export default async function EditBlogPage({ params }: { params: Promise<{ blogId: string }> }) {
  const s = await editScreen(blogsCrud, (await params).blogId);
  const { title, description, is_active, imagepath } = s.record;
  return (
    <EditScreen ctx={s.ctx} entity="blogs" id={s.id}>
      <BlogForm
        {...s.form}
        initial={{ title, description: description ?? "", is_active, imagepath: null }}
        imageUrl={fileUrl(imagepath)}
      />
    </EditScreen>
  );
}
