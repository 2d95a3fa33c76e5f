import { ListPage, ListToolbar } from "@/components/data-table";
import { listRoles, rolesDef } from "@/lib/admin/roles";
import { filterBar } from "@/lib/platform/list";
import { listScreen } from "@/lib/platform/screens";
import { RolesTable } from "./_components/roles-table";
import { exportRolesAction } from "./actions";

export const metadata = { title: "Roles" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RolesPage({ searchParams }: Props) {
  const { may, table } = await listScreen(rolesDef, searchParams, listRoles);
  return (
    <ListPage
      title="Roles"
      toolbar={
        <ListToolbar
          searchPlaceholder="Search by name"
          filters={filterBar(rolesDef.list)}
          createHref={may.create ? "/roles/create" : undefined}
          createLabel="Add Role"
          exportAction={may.export ? exportRolesAction : undefined}
        />
      }
    >
      <RolesTable {...table} />
    </ListPage>
  );
}
