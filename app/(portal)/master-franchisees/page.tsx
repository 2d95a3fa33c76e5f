import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { masterFranchiseesCrud } from "@/lib/franchise/master-franchisees";
import { masterRows, ZONES_VALUE } from "@/lib/franchise/master-rows";
import { encodeId } from "@/lib/platform/ids";
import { filterBar } from "@/lib/platform/list";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { exportMasterFranchiseesAction } from "./actions";
import { MasterFranchiseesTable } from "./_components/master-franchisees-table";

export const metadata = { title: "Master Franchisees" };

/** Master Franchisees or Deleted Master Franchisees: search (user's name or email), status, zone; trash, export. */
export default async function MasterFranchiseesPage({ searchParams }: ListPageProps) {
  const s = await listScreen(masterFranchiseesCrud, searchParams, {
    fields: ["user_name", "email", "zones", "is_active"],
  });
  const zones = await masterRows(s.ctx, ZONES_VALUE);
  const filters = filterBar(masterFranchiseesCrud.def.list, {
    zone_id: zones.map((z) => ({ value: encodeId(z.id), label: z.description })),
  });
  return (
    <EntityListPage
      {...s.page}
      filters={filters}
      searchPlaceholder="Search by name or email"
      exportAction={exportMasterFranchiseesAction}
    >
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => <MasterFranchiseesTable {...t} />}
      </ListRows>
    </EntityListPage>
  );
}
