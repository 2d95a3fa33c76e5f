import { listModules, modulesDef } from "@/lib/admin/modules";
import { filterBar } from "@/lib/platform/list";
import { listScreen } from "@/lib/platform/screens";
import { EntityListPage } from "@/components/data-table";
import { ModulesTable } from "./_components/modules-table";
import { exportModulesAction } from "./actions";

export const metadata = { title: "Modules" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function ModulesPage({ searchParams }: Props) {
  const s = await listScreen(modulesDef, searchParams, listModules);
  return (
    <EntityListPage
      {...s}
      title="Modules"
      noun="Module"
      href="/modules"
      filters={filterBar(modulesDef.list)}
      exportAction={exportModulesAction}
    >
      <ModulesTable {...s.table} />
    </EntityListPage>
  );
}
