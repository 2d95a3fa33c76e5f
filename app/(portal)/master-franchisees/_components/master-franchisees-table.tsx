"use client";
import { EntityTable, statusColumn, textColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deleteMasterFranchiseeAction, restoreMasterFranchiseeAction } from "../actions";

type Row = ScreenRow<{
  id: number;
  user_name: string;
  email: string | null;
  zones: string | null;
  is_active: number;
}>;

/** Sr No, Status, User, Email, Zones, Action (edit, delete; restore in the trash view). */
export function MasterFranchiseesTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      label={(r) => r.user_name}
      actions={{ delete: deleteMasterFranchiseeAction, restore: restoreMasterFranchiseeAction }}
      columns={[
        statusColumn<Row>(),
        textColumn<Row>("User", "user_name", { sort: true }),
        textColumn<Row>("Email", "email", { sort: true }),
        textColumn<Row>("Zones", "zones"),
      ]}
    />
  );
}
