"use client";
import Link from "next/link";
import { Users } from "lucide-react";
import type { ColumnDef } from "@tanstack/react-table";
import { DataTable, RowActions, statusColumn, textColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deleteOutletAction, restoreOutletAction } from "../actions";

type Row = ScreenRow<{ id: number; name: string; brand: string | null; is_active: number }>;

/**
 * Sr No, Status, Name, Brand, Action: edit, delete and the outlet's users (spec 001 §2); restore in the trash
 * view. The kit's EntityTable has no room for a third row action, so the Action column is drawn here.
 */
export function OutletsTable(props: ListScreenProps<Row> & { mayListUsers: boolean }) {
  const { trash, may, href, messages } = props;
  const action: ColumnDef<Row> = {
    id: "action",
    header: "Action",
    meta: { sticky: "right", className: "w-px" },
    cell: ({ row }) => {
      const r = row.original;
      if (trash)
        return (
          <RowActions
            entityLabel={r.name}
            onRestore={may.restore ? () => restoreOutletAction(r.id) : undefined}
            restoreSuccess={messages.restored}
          />
        );
      return (
        <div className="flex items-center">
          {props.mayListUsers ? (
            <Link
              href={`/outlets/${r.id}/outlet-users`}
              className="dt-btn"
              aria-label={`Users of ${r.name}`}
              data-tip="Outlet Users"
            >
              <Users className="dt-i" aria-hidden />
            </Link>
          ) : null}
          <RowActions
            entityLabel={r.name}
            editHref={may.view ? `${href}/${r.id}` : undefined}
            onDelete={may.delete ? () => deleteOutletAction(r.id) : undefined}
            deleteSuccess={messages.deleted}
            restorable
          />
        </div>
      );
    },
  };
  return (
    <DataTable
      columns={[
        statusColumn<Row>(),
        textColumn<Row>("Name", "name", { sort: true }),
        textColumn<Row>("Brand", "brand", { sort: true }),
        action,
      ]}
      data={props.rows}
      count={props.count}
      countEstimated={props.countEstimated}
      page={props.page}
      rowsPerPage={props.rowsPerPage}
      sort={props.sort}
      ceiling={props.ceiling}
      cursors={props.cursors}
      emptyText="No data found"
    />
  );
}
