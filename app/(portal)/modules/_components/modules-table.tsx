"use client";
import { EntityTable, statusColumn, textColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deleteModuleAction, restoreModuleAction } from "../actions";

type Row = ScreenRow<{ id: number; name: string; is_active: number }>;

/** Sr No, Status, Name, Action; the edit screen opens read-only for those who may view but not update. */
export function ModulesTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      label={(r) => r.name}
      actions={{ delete: deleteModuleAction, restore: restoreModuleAction }}
      columns={[statusColumn<Row>(), textColumn<Row>("Name", "name", { sort: true })]}
    />
  );
}
