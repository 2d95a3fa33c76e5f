"use client";
import type { ColumnDef } from "@tanstack/react-table";
import type { ActionResult } from "@/lib/platform/mutations";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";
import { actionColumn } from "./columns";
import type { RowLink } from "./row-actions";
import { DataTable } from "./data-table";

type RowAction = (opaqueId: string) => Promise<ActionResult<unknown>>;

export type EntityTableProps<R> = ListScreenProps<R> & {
  columns: ColumnDef<ScreenRow<R>>[];
  /** The row's name, for the buttons' accessible labels. */
  label: (row: ScreenRow<R>) => string;
  actions: { delete?: RowAction; restore?: RowAction };
  /** Rows the entity's own rules keep (e.g. built-in roles): no delete button for them. */
  deletable?: (row: ScreenRow<R>) => boolean;
  emptyText?: string;
  /** A live row's links besides edit and delete (an outlet's users), shown first in the Action column. */
  links?: (row: ScreenRow<R>) => RowLink[];
};

/**
 * An entity's list table: its columns, then the Action column with only what the caller may do (edit or view,
 * delete; restore in the trash view). Entity tables are this plus their columns.
 */
export function EntityTable<R>({
  columns,
  rows,
  count,
  countEstimated,
  page,
  rowsPerPage,
  trash,
  may,
  href,
  label,
  actions,
  messages,
  emptyText,
  deletable,
  links,
  sort,
  ceiling,
  cursors,
}: EntityTableProps<R>) {
  const all: ColumnDef<ScreenRow<R>>[] = [
    ...columns,
    actionColumn<ScreenRow<R>>({
      trash,
      label,
      // The edit screen opens on view (read-only without update), so the link follows view.
      editHref: may.view ? (r) => `${href}/${r.id}` : undefined,
      viewOnly: !may.update,
      onDelete: may.delete && actions.delete ? (r) => actions.delete!(r.id) : undefined,
      canDelete: deletable,
      deleteSuccess: messages.deleted,
      deleteTitle: messages.deleteTitle,
      onRestore: may.restore && actions.restore ? (r) => actions.restore!(r.id) : undefined,
      restoreSuccess: messages.restored,
      // The entity has a trash view (whoever may restore from it), so a delete can be undone there.
      restorable: !!actions.restore,
      links,
    }),
  ];
  return (
    <DataTable
      columns={all}
      data={rows}
      count={count}
      countEstimated={countEstimated}
      page={page}
      rowsPerPage={rowsPerPage}
      sort={sort}
      ceiling={ceiling}
      cursors={cursors}
      emptyText={emptyText ?? "No data found"}
    />
  );
}
