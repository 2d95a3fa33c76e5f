import { PlatformDataNote } from "@/components/shell/platform-note";
import { modulesCrud } from "@/lib/admin/modules";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { ModulesTable } from "./_components/modules-table";
import { exportModulesAction } from "./actions";

export const metadata = { title: "Modules" };

export default async function ModulesPage({ searchParams }: ListPageProps) {
  const s = await listScreen(modulesCrud, searchParams);
  return (
    <EntityListPage
      {...s.page}
      exportAction={exportModulesAction}
      // The ADMIN sees the platform's modules without Add, Edit or Delete: the page says why.
      note={s.page.may.create || s.page.may.update ? null : <PlatformDataNote records="Modules" />}
    >
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => <ModulesTable {...t} />}
      </ListRows>
    </EntityListPage>
  );
}
