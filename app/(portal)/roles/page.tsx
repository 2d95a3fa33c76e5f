import { ListPage, ListToolbar, STATUS_FILTER } from "@/components/data-table";
import { isBuiltInRole, listRoles, roleListSpec } from "@/lib/admin/roles";
import { can } from "@/lib/platform/context";
import { encodeId } from "@/lib/platform/ids";
import { parseListParams } from "@/lib/platform/lists";
import { requirePageContext } from "@/lib/platform/session";
import { AccessDenied } from "../_components/access-denied";
import { RolesTable } from "./_components/roles-table";
import { exportRolesAction } from "./actions";

export const metadata = { title: "Roles" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RolesPage({ searchParams }: Props) {
  const ctx = await requirePageContext();
  if (!can(ctx, "roles.list")) return <AccessDenied />;
  const sp = await searchParams;
  const params = parseListParams(sp, roleListSpec);
  const { data, count } = await listRoles(ctx, sp);
  const rows = data.map((r) => ({
    id: encodeId(r.id),
    name: r.name,
    is_active: r.is_active,
    builtIn: isBuiltInRole(r.id),
  }));
  return (
    <ListPage
      title="Roles"
      toolbar={
        <ListToolbar
          searchPlaceholder="Search by name"
          filters={[STATUS_FILTER]}
          createHref={can(ctx, "roles.create") ? "/roles/create" : undefined}
          createLabel="Add Role"
          exportAction={can(ctx, "roles.export") ? exportRolesAction : undefined}
        />
      }
    >
      <RolesTable
        rows={rows}
        count={count}
        page={params.page}
        rowsPerPage={params.rowsPerPage}
        canOpen={can(ctx, "roles.view")}
        canDelete={can(ctx, "roles.delete")}
      />
    </ListPage>
  );
}
