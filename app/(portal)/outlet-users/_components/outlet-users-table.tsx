"use client";
import { EntityTable, statusColumn, textColumn } from "@/components/data-table";
import { formatDate } from "@/lib/format";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deleteOutletUserAction } from "../actions";

type Row = ScreenRow<{
  id: number;
  user_name: string;
  start_date: string;
  end_date: string | null;
  is_active: number;
}>;

/** Sr No, Status, User Name, Start Date, End Date, Action (delete, edit at /outlet-users/{id}); no trash view. */
export function OutletUsersTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      label={(r) => r.user_name}
      actions={{ delete: deleteOutletUserAction }}
      columns={[
        statusColumn<Row>(),
        textColumn<Row>("User Name", "user_name"),
        {
          id: "start_date",
          header: "Start Date",
          cell: ({ row }) => formatDate(row.original.start_date),
        },
        {
          id: "end_date",
          header: "End Date",
          cell: ({ row }) => (row.original.end_date ? formatDate(row.original.end_date) : ""),
        },
      ]}
    />
  );
}
