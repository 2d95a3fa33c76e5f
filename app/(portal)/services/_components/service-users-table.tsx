"use client";
import { DataTable, textColumn } from "@/components/data-table";

type Row = { key: number; user_name: string; email: string; phone: string | null };

/** Sr No, User Name, Email, Phone: the users interested in a service (read-only). */
export function ServiceUsersTable(p: {
  rows: Row[];
  count: number;
  countEstimated: boolean;
  page: number;
  rowsPerPage: number;
  ceiling: number;
  cursors: { prev: string | null; next: string | null };
}) {
  return (
    <DataTable
      columns={[
        textColumn<Row>("User Name", "user_name"),
        textColumn<Row>("Email", "email"),
        textColumn<Row>("Phone", "phone"),
      ]}
      data={p.rows}
      count={p.count}
      countEstimated={p.countEstimated}
      page={p.page}
      rowsPerPage={p.rowsPerPage}
      ceiling={p.ceiling}
      cursors={p.cursors}
      emptyText="No data found"
    />
  );
}
