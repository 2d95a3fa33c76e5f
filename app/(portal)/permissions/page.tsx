import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { permissionMasters, permissionsCrud } from "@/lib/admin/permission-records";
import { GRANT_IN_POSITIONS, PlatformDataNote } from "@/components/shell/platform-note";
import { can, type Ctx } from "@/lib/platform/context";
import { encodeId } from "@/lib/platform/ids";
import { filterBar } from "@/lib/platform/list";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { PermissionsTable } from "./_components/permissions-table";

export const metadata = { title: "Permissions" };

/**
 * The ADMIN sees the platform's permission records without Add, Edit or Delete (their writes are the super
 * admin's): the page says so, and offers what the ADMIN does with permissions, granting them to positions.
 */
function permissionsNote(ctx: Ctx, may: { create: boolean; update: boolean }) {
  if (may.create || may.update) return null;
  const offer = can(ctx, "positions.update") ? GRANT_IN_POSITIONS : null;
  return <PlatformDataNote records="Permissions" offer={offer} />;
}

export default async function PermissionsPage({ searchParams }: ListPageProps) {
  const s = await listScreen(permissionsCrud, searchParams);
  const { modules } = await permissionMasters(s.ctx);
  const module_id = modules.map((m) => ({ value: encodeId(m.id), label: m.name }));
  return (
    <EntityListPage
      {...s.page}
      searchPlaceholder="Search by permission"
      note={permissionsNote(s.ctx, s.page.may)}
      filters={filterBar(permissionsCrud.def.list, { module_id })}
    >
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => <PermissionsTable {...t} />}
      </ListRows>
    </EntityListPage>
  );
}
