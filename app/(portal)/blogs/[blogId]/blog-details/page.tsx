import Link from "next/link";
import { ArrowLeft } from "lucide-react";
import { ListPage, ListToolbar } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { Button } from "@/components/ui/button";
import { blogDetailsCrud, blogOfDetails } from "@/lib/franchise/blog-details";
import { fileUrl } from "@/lib/platform/file-access";
import { filterBar } from "@/lib/platform/list";
import { guardPage } from "@/lib/platform/page-guard";
import { listScreen } from "@/lib/platform/screens";
import { pageId, requirePageContext } from "@/lib/platform/session";
import { exportBlogDetailsAction } from "../../../blog-details/actions";
import { BlogDetailsTable } from "../../../blog-details/_components/blog-details-table";

export const metadata = { title: "Blog Details" };

type Props = {
  params: Promise<{ blogId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * One blog's details (spec 002 §2): titled Blog Details, or Deleted Blogs in the trash view (the spec's words);
 * edit (/blog-details/{id}) and delete, restore in the trash. A deleted or another company's blog shows not found.
 */
export default async function BlogDetailsPage({ params, searchParams }: Props) {
  const opaque = (await params).blogId;
  const blogId = pageId(opaque);
  const ctx = await requirePageContext();
  const blog = await guardPage(() => blogOfDetails(ctx, blogId));
  const raw = await searchParams;
  const s = await listScreen(blogDetailsCrud, Promise.resolve({ ...raw, blog_id: String(blogId) }), {
    fields: ["description_text", "imagepath", "is_active"],
  });
  const table = s.table.then((t) => ({
    ...t,
    // Edit opens /blog-details/{id}.
    href: "/blog-details",
    rows: t.rows.map(({ imagepath, ...r }) => ({ ...r, image_url: fileUrl(imagepath) })),
  }));
  table.catch(() => {});
  const href = `/blogs/${opaque}/blog-details`;
  return (
    <ListPage
      title="Blog Details"
      trashTitle="Deleted Blogs"
      trash={s.trash}
      actions={
        <div className="flex items-center gap-2">
          <span className="text-sm text-slate-600">{blog.title}</span>
          <Button asChild variant="outline">
            <Link href="/blogs">
              <ArrowLeft className="size-4" aria-hidden />
              Blogs
            </Link>
          </Button>
        </div>
      }
      toolbar={
        <ListToolbar
          searchPlaceholder="Search by description"
          filters={filterBar(blogDetailsCrud.def.list, {}, ["is_active"])}
          createHref={s.may.create ? `${href}/create` : undefined}
          createLabel="Add Blog Detail"
          exportAction={s.may.export ? exportBlogDetailsAction : undefined}
          trash={s.may.restore}
        />
      }
    >
      <ListRows table={table} rows={s.query.rowsPerPage}>
        {(t) => <BlogDetailsTable {...t} />}
      </ListRows>
    </ListPage>
  );
}
