"use client";
import { EntityTable, statusColumn, textColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deletePositionAction, restorePositionAction } from "../actions";

type Row = ScreenRow<{ id: number; name: string; is_active: number }>;

/** Sr No, Status, Name, Action; the trash view offers restore instead of edit and delete. */
export function PositionsTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      label={(r) => r.name}
      actions={{ delete: deletePositionAction, restore: restorePositionAction }}
      columns={[statusColumn<Row>(), textColumn<Row>("Name", "name", { sort: true })]}
    />
  );
}
