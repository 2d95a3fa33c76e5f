import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { blogsCrud } from "@/lib/franchise/blogs";
import { fileUrl } from "@/lib/platform/file-access";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { exportBlogsAction } from "./actions";
import { BlogsTable } from "./_components/blogs-table";

export const metadata = { title: "Blogs" };

/** Blogs or Deleted Blogs (spec 002 §2): Status, Title, Description, Image, Action; search, status, trash, export. */
export default async function BlogsPage({ searchParams }: ListPageProps) {
  const s = await listScreen(blogsCrud, searchParams, {
    fields: ["title", "description_text", "imagepath", "is_active"],
  });
  // The image opens through the authorised file route.
  const table = s.table.then((t) => ({
    ...t,
    rows: t.rows.map(({ imagepath, ...r }) => ({ ...r, image_url: fileUrl(imagepath) })),
  }));
  table.catch(() => {});
  return (
    <EntityListPage {...s.page} searchPlaceholder="Search by title" exportAction={exportBlogsAction}>
      <ListRows table={table} rows={s.query.rowsPerPage}>
        {(t) => <BlogsTable {...t} />}
      </ListRows>
    </EntityListPage>
  );
}
