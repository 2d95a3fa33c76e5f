import { listModules, moduleListSpec } from "@/lib/admin/modules";
import { can } from "@/lib/platform/context";
import { encodeId } from "@/lib/platform/ids";
import { parseListParams } from "@/lib/platform/lists";
import { requirePageContext } from "@/lib/platform/session";
import { ListPage, ListToolbar, STATUS_FILTER } from "@/components/data-table";
import { AccessDenied } from "../_components/access-denied";
import { ModulesTable } from "./_components/modules-table";
import { exportModulesAction } from "./actions";

export const metadata = { title: "Modules" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ModulesPage({ searchParams }: Props) {
  const ctx = await requirePageContext();
  if (!can(ctx, "modules.list")) return <AccessDenied />;
  const sp = await searchParams;
  const params = parseListParams(sp, moduleListSpec);
  const { data, count } = await listModules(ctx, sp);
  const rows = data.map((r) => ({ id: encodeId(r.id), name: r.name, is_active: r.is_active }));
  return (
    <ListPage
      title="Modules"
      trashTitle="Deleted Modules"
      trash={params.showDeleted}
      toolbar={
        <ListToolbar
          searchPlaceholder="Search by name"
          filters={[STATUS_FILTER]}
          createHref={can(ctx, "modules.create") ? "/modules/create" : undefined}
          createLabel="Add Module"
          exportAction={can(ctx, "modules.export") ? exportModulesAction : undefined}
          trash={can(ctx, "modules.restore")}
        />
      }
    >
      <ModulesTable
        rows={rows}
        count={count}
        page={params.page}
        rowsPerPage={params.rowsPerPage}
        trash={params.showDeleted}
        canView={can(ctx, "modules.view")}
        canDelete={can(ctx, "modules.delete")}
        canRestore={can(ctx, "modules.restore")}
      />
    </ListPage>
  );
}
