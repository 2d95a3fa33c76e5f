"use client";
import { CellText, EntityTable, sortable, statusColumn, textColumn } from "@/components/data-table";
import { formatDate } from "@/lib/format";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deleteStateHolidayAction, restoreStateHolidayAction } from "../actions";

type Row = ScreenRow<{
  id: number;
  state_name: string | null;
  holiday_date: string;
  description: string | null;
  is_active: number;
}>;

/** Sr No, Status, State, Date (DD-MM-YYYY), Description, Action; restore in the trash view. */
export function StateHolidaysTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      label={(r) => `${r.state_name ?? ""} ${formatDate(r.holiday_date)}`.trim()}
      actions={{ delete: deleteStateHolidayAction, restore: restoreStateHolidayAction }}
      columns={[
        statusColumn<Row>(),
        textColumn<Row>("State", "state_name"),
        {
          id: "holiday_date",
          header: sortable("Date", "holiday_date"),
          cell: ({ row }) => <span className="tabular-nums">{formatDate(row.original.holiday_date)}</span>,
        },
        {
          id: "description",
          header: "Description",
          cell: ({ row }) => <CellText text={row.original.description ?? ""} />,
        },
      ]}
    />
  );
}
