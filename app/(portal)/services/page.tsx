import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { servicesCrud } from "@/lib/operations/services";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { exportServicesAction } from "./actions";
import { ServicesTable } from "./_components/services-table";

export const metadata = { title: "Services" };

/** Services or Deleted Services (spec 001 §2): search, status, trash, export. */
export default async function ServicesPage({ searchParams }: ListPageProps) {
  const s = await listScreen(servicesCrud, searchParams, { fields: ["name", "brand", "is_active"] });
  return (
    <EntityListPage
      {...s.page}
      searchPlaceholder="Search by name or brand"
      exportAction={exportServicesAction}
    >
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => <ServicesTable {...t} />}
      </ListRows>
    </EntityListPage>
  );
}
