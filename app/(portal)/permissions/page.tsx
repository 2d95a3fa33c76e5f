import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { permissionMasters, permissionsCrud } from "@/lib/admin/permission-records";
import { encodeId } from "@/lib/platform/ids";
import { filterBar } from "@/lib/platform/list";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { PermissionsTable } from "./_components/permissions-table";

export const metadata = { title: "Permissions" };

export default async function PermissionsPage({ searchParams }: ListPageProps) {
  const s = await listScreen(permissionsCrud, searchParams);
  const { modules } = await permissionMasters(s.ctx);
  const module_id = modules.map((m) => ({ value: encodeId(m.id), label: m.name }));
  return (
    <EntityListPage
      {...s.page}
      searchPlaceholder="Search by permission"
      filters={filterBar(permissionsCrud.def.list, { module_id })}
    >
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => <PermissionsTable {...t} />}
      </ListRows>
    </EntityListPage>
  );
}
