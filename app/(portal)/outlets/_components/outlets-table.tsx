"use client";
import { Users } from "lucide-react";
import { EntityTable, statusColumn, textColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deleteOutletAction, restoreOutletAction } from "../actions";

type Row = ScreenRow<{ id: number; name: string; brand: string | null; is_active: number }>;

/** Sr No, Status, Name, Brand, Action: the outlet's users, edit and delete (spec 001 §2); restore in the trash view. */
export function OutletsTable(props: ListScreenProps<Row> & { mayListUsers: boolean }) {
  const { mayListUsers, ...table } = props;
  return (
    <EntityTable
      {...table}
      label={(r) => r.name}
      actions={{ delete: deleteOutletAction, restore: restoreOutletAction }}
      links={(r) =>
        mayListUsers
          ? [
              {
                href: `/outlets/${r.id}/outlet-users`,
                label: `Users of ${r.name}`,
                tip: "Outlet Users",
                icon: Users,
              },
            ]
          : []
      }
      columns={[
        statusColumn<Row>(),
        textColumn<Row>("Name", "name", { sort: true }),
        textColumn<Row>("Brand", "brand", { sort: true }),
      ]}
    />
  );
}
