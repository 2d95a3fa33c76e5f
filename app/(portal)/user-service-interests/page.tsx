import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { userServiceInterestsCrud } from "@/lib/franchise/user-service-interests";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { exportServiceInterestsAction } from "./actions";
import { ServiceInterestsTable } from "./_components/service-interests-table";

export const metadata = { title: "Service Interests" };

/**
 * Which users are interested in which service (spec 002 §2 Service interests): keyword search only; columns the
 * interested user, the service and delete. No trash view, no restore, no add on this screen (the app's users
 * register interests); the trash parameter is ignored here.
 */
export default async function ServiceInterestsPage({ searchParams }: ListPageProps) {
  const { show_deleted: _trash, open_trash: _open, is_active: _status, ...params } = await searchParams;
  void [_trash, _open, _status];
  const s = await listScreen(userServiceInterestsCrud, Promise.resolve(params), {
    fields: ["user_name", "service_name", "is_active"],
  });
  const may = { ...s.page.may, create: false, restore: false };
  return (
    <EntityListPage
      {...s.page}
      may={may}
      filters={[]}
      searchPlaceholder="Search by user or service"
      exportAction={exportServiceInterestsAction}
    >
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => <ServiceInterestsTable {...t} />}
      </ListRows>
    </EntityListPage>
  );
}
