import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { outletsCrud } from "@/lib/operations/outlets";
import { can } from "@/lib/platform/context";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { OutletsTable } from "./_components/outlets-table";
import { exportOutletsAction } from "./actions";

export const metadata = { title: "Outlets" };

/** /outlets (spec 001 §2): 'Outlets' or 'Deleted Outlets'; search, status, paging, export, trash and restore. */
export default async function OutletsPage({ searchParams }: ListPageProps) {
  const s = await listScreen(outletsCrud, searchParams);
  const mayListUsers = can(s.ctx, "outlet_users.list");
  return (
    <EntityListPage
      {...s.page}
      searchPlaceholder="Search by name or brand"
      exportAction={exportOutletsAction}
    >
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => <OutletsTable {...t} mayListUsers={mayListUsers} />}
      </ListRows>
    </EntityListPage>
  );
}
