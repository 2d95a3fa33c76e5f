"use client";
import { CellText, EntityTable, sortable } from "@/components/data-table";
import { Badge } from "@/components/ui/badge";
import type { ListScreenProps } from "@/lib/platform/screens";
import { deleteUserTimestampAction } from "../actions";
import { withIst } from "@/components/ist";

export type UserTimestampView = {
  /** Opaque id. */
  id: string;
  name: string;
  email: string | null;
  url: string;
  page: string | null;
  /** 'h m s' text, or '-' for an old row without a time. */
  timeSpent: string;
  date: string;
  /** Sent by an app after a save (old_json/new_json): the client's word, not the server's history. */
  clientReported: boolean;
};

type Row = Omit<UserTimestampView, "id"> & { id: number };

/** Name, URL, Time Spent, Date, Action (delete only: there is nothing to edit and no trash view). */
export function UserTimestampsTable(props: ListScreenProps<Row>) {
  return (
    <EntityTable
      {...props}
      label={(r) => `${r.name} ${r.url}`}
      actions={{ delete: deleteUserTimestampAction }}
      columns={[
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
          header: sortable("URL", "url"),
          cell: ({ row }) => (
            <div className="flex flex-col">
              <CellText text={row.original.url} />
              {row.original.page ? <span className="text-xs text-slate-500">{row.original.page}</span> : null}
              {row.original.clientReported ? (
                <Badge
                  variant="muted"
                  className="mt-1"
                  title="Sent by an app after a save (its old and new JSON). The record's own history is the authority."
                >
                  Client-reported
                </Badge>
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
          cell: ({ row }) => (
            <span className="whitespace-nowrap tabular-nums">{withIst(row.original.date)}</span>
          ),
        },
      ]}
    />
  );
}
