import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { stateHolidaysCrud } from "@/lib/operations/state-holidays";
import { stateOptions } from "@/lib/operations/states";
import { filterBar } from "@/lib/platform/list";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { exportStateHolidaysAction } from "./actions";
import { StateHolidaysTable } from "./_components/state-holidays-table";

export const metadata = { title: "State Holidays" };

/** State Holidays or Deleted State Holidays (spec 001 §2): status and State filters, search, trash, export. */
export default async function StateHolidaysPage({ searchParams }: ListPageProps) {
  const s = await listScreen(stateHolidaysCrud, searchParams, {
    fields: ["state_name", "holiday_date", "description", "is_active"],
  });
  const states = (await stateOptions()).map((x) => ({ value: String(x.id), label: x.description }));
  return (
    <EntityListPage
      {...s.page}
      filters={filterBar(stateHolidaysCrud.def.list, { state: states })}
      searchPlaceholder="Search by description"
      exportAction={exportStateHolidaysAction}
    >
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => <StateHolidaysTable {...t} />}
      </ListRows>
    </EntityListPage>
  );
}
