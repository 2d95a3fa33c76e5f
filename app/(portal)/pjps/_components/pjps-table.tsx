"use client";
import { EntityTable, statusColumn, textColumn } from "@/components/data-table";
import { formatDate } from "@/lib/format";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deletePjpAction, restorePjpAction } from "../actions";

export type PjpRow = ScreenRow<{
  id: number;
  name: string;
  location: string | null;
  user_name: string | null;
  date: string;
  description: string | null;
  is_active: number;
}>;

/** Sr No, Status, Name, Location, User, Date, Description, Action (spec 001 §2 PJPs); restore in the trash view. */
export function PjpsTable(props: ListScreenProps<PjpRow>) {
  return (
    <EntityTable
      {...props}
      label={(r) => `${r.name} (${formatDate(r.date)})`}
      actions={{ delete: deletePjpAction, restore: restorePjpAction }}
      columns={[
        statusColumn<PjpRow>(),
        textColumn<PjpRow>("Name", "name", { sort: true }),
        textColumn<PjpRow>("Location", "location"),
        textColumn<PjpRow>("User", "user_name"),
        {
          id: "date",
          header: "Date",
          cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.date)}</span>,
        },
        textColumn<PjpRow>("Description", "description"),
      ]}
    />
  );
}
