"use client";
import type { ColumnDef } from "@tanstack/react-table";
import { CellText, DataTable, RowActions } from "@/components/data-table";
import { deleteUserTimestampAction } from "../actions";

export type UserTimestampView = {
  /** Opaque id. */
  id: string;
  name: string;
  email: string | null;
  url: string;
  page: string | null;
  /** 'h m' text, or '-' for an edit audit without a time. */
  timeSpent: string;
  date: string;
  /** Labels of the fields an edit audit changed (empty for page time). */
  changed: string[];
};

type Props = {
  rows: UserTimestampView[];
  count: number;
  page: number;
  rowsPerPage: number;
  canDelete: boolean;
};

export function UserTimestampsTable({ rows, count, page, rowsPerPage, canDelete }: Props) {
  const columns: ColumnDef<UserTimestampView>[] = [
    {
      id: "name",
      header: "Name",
      cell: ({ row }) => (
        <div className="flex flex-col">
          <CellText text={row.original.name} />
          {row.original.email && row.original.email !== row.original.name ? (
            <span className="text-xs text-slate-500">{row.original.email}</span>
          ) : null}
        </div>
      ),
    },
    {
      id: "url",
      header: "URL",
      cell: ({ row }) => (
        <div className="flex flex-col">
          <CellText text={row.original.url} />
          {row.original.page ? <span className="text-xs text-slate-500">{row.original.page}</span> : null}
          {row.original.changed.length ? (
            <span className="text-xs text-slate-500">
              <CellText text={`Changed: ${row.original.changed.join(", ")}`} max={60} />
            </span>
          ) : null}
        </div>
      ),
    },
    {
      id: "timespent",
      header: "Time Spent",
      cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{row.original.timeSpent}</span>,
    },
    {
      id: "date",
      header: "Date",
      cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{row.original.date}</span>,
    },
  ];
  if (canDelete)
    columns.push({
      id: "action",
      header: "Action",
      cell: ({ row }) => (
        <RowActions
          entityLabel={`${row.original.name} ${row.original.url}`}
          onDelete={() => deleteUserTimestampAction(row.original.id)}
          deleteSuccess="User timestamp deleted successfully."
        />
      ),
    });
  return (
    <DataTable
      columns={columns}
      data={rows}
      count={count}
      page={page}
      rowsPerPage={rowsPerPage}
      emptyText="No data found"
    />
  );
}
