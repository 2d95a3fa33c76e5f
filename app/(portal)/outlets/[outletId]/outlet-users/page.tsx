import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { outletOfList, outletUsersCrud } from "@/lib/operations/outlet-users";
import { getDb } from "@/lib/platform/db";
import { filterBar } from "@/lib/platform/list";
import { guardPage } from "@/lib/platform/page-guard";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { pageId } from "@/lib/platform/session";
import { OutletUsersTable } from "../../../outlet-users/_components/outlet-users-table";
import { exportOutletUsersAction } from "../../../outlet-users/actions";

export const metadata = { title: "Outlet Users" };

type Props = ListPageProps & { params: Promise<{ outletId: string }> };

/** /outlets/{outletId}/outlet-users (spec 001 §2): the outlet's users; a create button to …/outlet-users/create. */
export default async function OutletUsersPage({ params, searchParams }: Props) {
  const opaque = (await params).outletId;
  const outletId = pageId(opaque);
  const raw = await searchParams;
  const s = await listScreen(outletUsersCrud, Promise.resolve({ ...raw, outlet_id: opaque }));
  const outlet = await guardPage(async () => outletOfList(await getDb(), s.ctx, outletId));
  return (
    <EntityListPage
      {...s.page}
      href={`/outlets/${opaque}/outlet-users`}
      filters={filterBar(outletUsersCrud.def.list, {}, ["is_active"])}
      searchPlaceholder="Search by user name"
      exportAction={exportOutletUsersAction.bind(null, String(outletId))}
      actions={<p className="text-muted-foreground text-sm">{outlet.name}</p>}
    >
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => <OutletUsersTable {...t} href="/outlet-users" />}
      </ListRows>
    </EntityListPage>
  );
}
