import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { rolesCrud } from "@/lib/admin/roles";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { RolesTable } from "./_components/roles-table";
import { exportRolesAction } from "./actions";

export const metadata = { title: "Roles" };

/** No trash view: roles have no restore (spec 000 §4). */
export default async function RolesPage({ searchParams }: ListPageProps) {
  const s = await listScreen(rolesCrud, searchParams);
  return (
    <EntityListPage {...s.page} exportAction={exportRolesAction}>
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => <RolesTable {...t} />}
      </ListRows>
    </EntityListPage>
  );
}
