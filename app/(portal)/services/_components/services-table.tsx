"use client";
import { Users } from "lucide-react";
import { EntityTable, statusColumn, textColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deleteServiceAction, restoreServiceAction } from "../actions";

type Row = ScreenRow<{ id: number; name: string; brand: string | null; is_active: number }>;

/**
 * Sr No, Status, Name, Brand, Action. Besides edit and delete a live row links to the users interested in the
 * service (/services/{id}/service-users); the trash view offers restore only.
 */
export function ServicesTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      label={(r) => r.name}
      actions={{ delete: deleteServiceAction, restore: restoreServiceAction }}
      links={(r) =>
        props.may.view
          ? [
              {
                href: `${props.href}/${r.id}/service-users`,
                label: `Users of ${r.name}`,
                tip: "Users",
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
