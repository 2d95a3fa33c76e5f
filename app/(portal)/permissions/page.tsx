import { listPermissions, permissionListSpec, permissionMasters } from "@/lib/admin/permission-records";
import { can } from "@/lib/platform/context";
import { encodeId } from "@/lib/platform/ids";
import { parseListParams } from "@/lib/platform/lists";
import { requirePageContext } from "@/lib/platform/session";
import { ListPage, ListToolbar, STATUS_FILTER } from "@/components/data-table";
import { AccessDenied } from "../_components/access-denied";
import { PermissionsTable } from "./_components/permissions-table";

export const metadata = { title: "Permissions" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function PermissionsPage({ searchParams }: Props) {
  const ctx = await requirePageContext();
  if (!can(ctx, "permissions.list")) return <AccessDenied />;
  const sp = await searchParams;
  const params = parseListParams(sp, permissionListSpec);
  const [{ data, count }, masters] = await Promise.all([listPermissions(ctx, sp), permissionMasters(ctx)]);
  const rows = data.map((r) => ({
    id: encodeId(r.id),
    permission_name: r.permission_name,
    module_name: r.module.name,
    is_active: r.is_active,
  }));
  return (
    <ListPage
      title="Permissions"
      trashTitle="Deleted Permissions"
      trash={params.showDeleted}
      toolbar={
        <ListToolbar
          searchPlaceholder="Search by permission"
          filters={[
            STATUS_FILTER,
            {
              param: "module_id",
              label: "Module",
              options: masters.modules.map((m) => ({ value: String(m.id), label: m.name })),
            },
          ]}
          createHref={can(ctx, "permissions.create") ? "/permissions/create" : undefined}
          createLabel="Add Permission"
          trash={can(ctx, "permissions.restore")}
        />
      }
    >
      <PermissionsTable
        rows={rows}
        count={count}
        page={params.page}
        rowsPerPage={params.rowsPerPage}
        trash={params.showDeleted}
        canView={can(ctx, "permissions.view")}
        canDelete={can(ctx, "permissions.delete")}
        canRestore={can(ctx, "permissions.restore")}
      />
    </ListPage>
  );
}
