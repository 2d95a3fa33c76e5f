"use client";
import Link from "next/link";
import { Users } from "lucide-react";
import type { ColumnDef } from "@tanstack/react-table";
import { actionColumn, DataTable, statusColumn, textColumn } from "@/components/data-table";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { deleteServiceAction, restoreServiceAction } from "../actions";

type Row = ScreenRow<{ id: number; name: string; brand: string | null; is_active: number }>;

/**
 * Sr No, Status, Name, Brand, Action. Besides edit and delete a live row links to the users interested in the
 * service (/services/{id}/service-users); the trash view offers restore only.
 */
export function ServicesTable(p: ListScreenProps<Row>) {
  const actions = actionColumn<Row>({
    trash: p.trash,
    label: (r) => r.name,
    editHref: p.may.view ? (r) => `${p.href}/${r.id}` : undefined,
    onDelete: p.may.delete ? (r) => deleteServiceAction(r.id) : undefined,
    deleteSuccess: p.messages.deleted,
    onRestore: p.may.restore ? (r) => restoreServiceAction(r.id) : undefined,
    restoreSuccess: p.messages.restored,
    restorable: true,
  });
  const cell = actions.cell as (
    c: Parameters<Exclude<ColumnDef<Row>["cell"], string | undefined>>[0],
  ) => React.ReactNode;
  const columns: ColumnDef<Row>[] = [
    statusColumn<Row>(),
    textColumn<Row>("Name", "name", { sort: true }),
    textColumn<Row>("Brand", "brand", { sort: true }),
    {
      ...actions,
      cell: (c) => (
        <div className="flex items-center">
          {!p.trash && p.may.view ? (
            <Link
              href={`${p.href}/${c.row.original.id}/service-users`}
              className="dt-btn"
              aria-label={`Users of ${c.row.original.name}`}
              data-tip="Users"
            >
              <Users className="dt-i" aria-hidden />
            </Link>
          ) : null}
          {cell(c)}
        </div>
      ),
    },
  ];
  return (
    <DataTable
      columns={columns}
      data={p.rows}
      count={p.count}
      countEstimated={p.countEstimated}
      page={p.page}
      rowsPerPage={p.rowsPerPage}
      sort={p.sort}
      ceiling={p.ceiling}
      cursors={p.cursors}
      emptyText="No data found"
    />
  );
}
