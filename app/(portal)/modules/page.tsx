import { listModules, modulesDef } from "@/lib/admin/modules";
import { filterBar } from "@/lib/platform/list";
import { listScreen } from "@/lib/platform/screens";
import { ListPage, ListToolbar } from "@/components/data-table";
import { ModulesTable } from "./_components/modules-table";
import { exportModulesAction } from "./actions";

export const metadata = { title: "Modules" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ModulesPage({ searchParams }: Props) {
  const { may, table, trash } = await listScreen(modulesDef, searchParams, listModules);
  return (
    <ListPage
      title="Modules"
      trash={trash}
      toolbar={
        <ListToolbar
          searchPlaceholder="Search by name"
          filters={filterBar(modulesDef.list)}
          createHref={may.create ? "/modules/create" : undefined}
          createLabel="Add Module"
          exportAction={may.export ? exportModulesAction : undefined}
          trash={may.restore}
        />
      }
    >
      <ModulesTable {...table} />
    </ListPage>
  );
}
