"use client";
import { EntityTable, statusColumn, textColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deleteRoleAction } from "../actions";

type Row = ScreenRow<{ id: number; name: string; is_active: number; built_in: boolean }>;

/** Sr No, Status, Name, Action; built-in roles keep no delete button (they cannot be deleted). */
export function RolesTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      label={(r) => r.name}
      actions={{ delete: deleteRoleAction }}
      deletable={(r) => !r.built_in}
      columns={[statusColumn<Row>(), textColumn<Row>("Name", "name", { sort: true })]}
    />
  );
}
