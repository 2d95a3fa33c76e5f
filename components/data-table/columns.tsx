import type { ColumnDef, ColumnMeta } from "@tanstack/react-table";
import type { ActionResult } from "@/lib/platform/mutations";
import { formatDate } from "@/lib/format";
import { CellText } from "./cell-text";
import { RowActions, type RowLink } from "./row-actions";
import { sortable } from "./sort-header";
import { StatusChip } from "./status-chip";

/** The Status column: the Active/Inactive chip of spec 000 §2.7. */
export function statusColumn<Row extends { is_active: number }>(): ColumnDef<Row> {
  return {
    id: "status",
    header: "Status",
    // As narrow as its chip: the room goes to the text columns.
    meta: { className: "w-px" },
    cell: ({ row }) => <StatusChip active={row.original.is_active} />,
  };
}

type RowAction<Row> = (row: Row) => Promise<ActionResult<unknown>>;

/** What a row's actions offer (see actionColumn). */
export type RowActionOptions<Row> = {
  trash: boolean;
  label: (row: Row) => string;
  editHref?: (row: Row) => string;
  /** The caller may only view the records: the link reads View (RowActions). */
  viewOnly?: boolean;
  onDelete?: RowAction<Row>;
  /** Rows that keep no delete button (the entity's own rule); default every row. */
  canDelete?: (row: Row) => boolean;
  onRestore?: RowAction<Row>;
  deleteSuccess?: string;
  restoreSuccess?: string;
  /** The delete confirmation's title where the spec words it ('Warning!'); else 'Delete <name>?'. */
  deleteTitle?: string;
  /** A deleted row goes to the trash view, from where it can be restored (the confirmation says so). */
  restorable?: boolean;
  /** A live row's links besides edit (an outlet's users). */
  links?: (row: Row) => RowLink[];
};

/** A row's actions (the Action column's cell; also a card's actions where a list shows cards on small screens). */
export function rowActionsOf<Row>(o: RowActionOptions<Row>) {
  return function rowActions(r: Row) {
    return o.trash ? (
      <RowActions
        entityLabel={o.label(r)}
        onRestore={o.onRestore ? () => o.onRestore!(r) : undefined}
        restoreSuccess={o.restoreSuccess}
      />
    ) : (
      <RowActions
        entityLabel={o.label(r)}
        editHref={o.editHref?.(r)}
        viewOnly={o.viewOnly}
        onDelete={o.onDelete && (o.canDelete?.(r) ?? true) ? () => o.onDelete!(r) : undefined}
        deleteSuccess={o.deleteSuccess}
        deleteTitle={o.deleteTitle}
        restorable={o.restorable}
        links={o.links?.(r)}
      />
    );
  };
}

/**
 * The Action column: edit and delete on the live list, restore only in the trash view (spec 000 §2.7). Pass only
 * what the caller may do; a missing action shows no button. Texts are the spec's, e.g. 'User deleted successfully.'
 */
export function actionColumn<Row>(o: RowActionOptions<Row>): ColumnDef<Row> {
  const rowActions = rowActionsOf(o);
  return {
    id: "action",
    header: "Action",
    // Pinned at the right edge, as narrow as its buttons.
    meta: { sticky: "right", className: "w-px" },
    cell: ({ row }) => rowActions(row.original),
  };
}

/** How a column fits (column-meta.ts): its priority, whether it is the title or a phone card's field, its width. */
export type ColumnFit = Pick<ColumnMeta<unknown, unknown>, "priority" | "title" | "card" | "minWidth">;

/** A column with its fitting declared (for columns built by hand or by another kit piece). */
export function fitted<Row>(column: ColumnDef<Row>, fit: ColumnFit): ColumnDef<Row> {
  return { ...column, meta: { ...column.meta, ...fit } };
}

/**
 * A text column (cut at 85 characters, spec 000 §2.7) reading one field of the row; `sort` makes its header sort
 * by that field (the list must declare it in `sort`), or by the key given; the rest how it fits (ColumnFit).
 */
export function textColumn<Row>(
  header: string,
  key: keyof Row & string,
  { sort, ...fit }: { sort?: boolean | string } & ColumnFit = {},
): ColumnDef<Row> {
  return {
    id: key,
    header: sort ? sortable(header, sort === true ? key : sort) : header,
    meta: { kind: "text", ...fit },
    cell: ({ row }) => <CellText text={row.original[key] == null ? "" : String(row.original[key])} />,
  };
}

/** A calendar date column (DD-MM-YYYY, spec 000 §9) reading one field of the row; `sort` and fit as textColumn's. */
export function dateColumn<Row>(
  header: string,
  key: keyof Row & string,
  { sort, ...fit }: { sort?: boolean | string } & ColumnFit = {},
): ColumnDef<Row> {
  return {
    id: key,
    header: sort ? sortable(header, sort === true ? key : sort) : header,
    meta: { kind: "date", ...fit },
    cell: ({ row }) => {
      const v = row.original[key];
      return <span className="tabular-nums">{v == null ? "" : formatDate(v as string)}</span>;
    },
  };
}
