import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { valuesCrud } from "@/lib/operations/values";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { ValuesTable } from "./_components/values-table";

export const metadata = { title: "Masters" };

/** /values (spec 001 §2): the master list, with search and paging. */
export default async function ValuesPage({ searchParams }: ListPageProps) {
  const s = await listScreen(valuesCrud, searchParams);
  return (
    <EntityListPage {...s.page} noun="a Value">
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => <ValuesTable {...t} />}
      </ListRows>
    </EntityListPage>
  );
}
