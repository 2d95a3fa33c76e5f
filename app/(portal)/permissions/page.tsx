import { ListPage, ListToolbar } from "@/components/data-table";
import { listPermissions, permissionMasters, permissionsDef } from "@/lib/admin/permission-records";
import { encodeId } from "@/lib/platform/ids";
import { filterBar } from "@/lib/platform/list";
import { listScreen } from "@/lib/platform/screens";
import { PermissionsTable } from "./_components/permissions-table";

export const metadata = { title: "Permissions" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PermissionsPage({ searchParams }: Props) {
  const { ctx, may, table, trash } = await listScreen(permissionsDef, searchParams, listPermissions);
  const { modules } = await permissionMasters(ctx);
  const moduleOptions = modules.map((m) => ({ value: encodeId(m.id), label: m.name }));
  return (
    <ListPage
      title="Permissions"
      trash={trash}
      toolbar={
        <ListToolbar
          searchPlaceholder="Search by permission"
          filters={filterBar(permissionsDef.list, { module_id: moduleOptions })}
          createHref={may.create ? "/permissions/create" : undefined}
          createLabel="Add Permission"
          trash={may.restore}
        />
      }
    >
      <PermissionsTable {...table} />
    </ListPage>
  );
}
