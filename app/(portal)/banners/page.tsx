import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { bannersCrud } from "@/lib/operations/banners";
import { fileUrl } from "@/lib/platform/file-access";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { exportBannersAction } from "./actions";
import { BannersTable } from "./_components/banners-table";

export const metadata = { title: "Banners" };

/** Banners or Deleted Banners (spec 001 §2): Sr No, Status, Banner, the image's link, Action. */
export default async function BannersPage({ searchParams }: ListPageProps) {
  const s = await listScreen(bannersCrud, searchParams, { fields: ["title", "image_path", "is_active"] });
  // The image opens through the authorised file route.
  const table = s.table.then((t) => ({
    ...t,
    rows: t.rows.map(({ image_path, ...r }) => ({ ...r, image_url: fileUrl(image_path) })),
  }));
  table.catch(() => {});
  return (
    <EntityListPage {...s.page} searchPlaceholder="Search by title" exportAction={exportBannersAction}>
      <ListRows table={table} rows={s.query.rowsPerPage}>
        {(t) => <BannersTable {...t} />}
      </ListRows>
    </EntityListPage>
  );
}
