import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { stateGstsCrud } from "@/lib/operations/state-gsts";
import { stateOptions } from "@/lib/operations/states";
import { filterBar } from "@/lib/platform/list";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { StateGstsTable } from "./_components/state-gsts-table";

export const metadata = { title: "State Gsts" };

/** 'State Gsts' or 'Deleted State Gsts' (spec 001 §2): search, status and State filters, add, trash. */
export default async function StateGstsPage({ searchParams }: ListPageProps) {
  const s = await listScreen(stateGstsCrud, searchParams, { fields: ["state_name", "gst", "is_active"] });
  const states = (await stateOptions()).map((x) => ({ value: String(x.id), label: x.description }));
  return (
    <EntityListPage
      {...s.page}
      filters={filterBar(stateGstsCrud.def.list, { state: states })}
      searchPlaceholder="Search by state"
    >
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => <StateGstsTable {...t} />}
      </ListRows>
    </EntityListPage>
  );
}
