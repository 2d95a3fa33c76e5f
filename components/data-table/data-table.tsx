"use client";
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from "@tanstack/react-table";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { cn } from "@/lib/utils";
import { Pagination } from "./pagination";

type Props<T> = {
  columns: ColumnDef<T>[];
  data: T[];
  /** Total rows of the list (all pages). */
  count: number;
  /** The count is the planner's estimate (a very large list): shown as approximate. */
  countEstimated?: boolean;
  page: number;
  rowsPerPage: number;
  emptyText?: string;
  /** Hide the pagination bar (a list that shows everything at once). */
  hidePagination?: boolean;
  className?: string;
};

/**
 * The striped list table of spec 000 §2.7: a 'Sr No' column first, the page's rows (paged on the server),
 * 'No data found' when empty, and the pagination bar. Scrolls sideways on narrow screens.
 */
export function DataTable<T>({
  columns,
  data,
  count,
  countEstimated,
  page,
  rowsPerPage,
  emptyText = "No data found",
  hidePagination,
  className,
}: Props<T>) {
  const offset = (Math.max(1, page) - 1) * rowsPerPage;
  const all: ColumnDef<T>[] = [
    {
      id: "sr_no",
      header: "Sr No",
      cell: ({ row }) => offset + row.index + 1,
      meta: { className: "w-16 text-slate-500 tabular-nums" },
    },
    ...columns,
  ];
  // eslint-disable-next-line react-hooks/incompatible-library -- the table instance is rebuilt each render from server data; nothing is memoised across renders.
  const table = useReactTable({
    data,
    columns: all,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: count,
  });
  const rows = table.getRowModel().rows;

  return (
    <div className={cn("min-w-0", className)}>
      <div className="overflow-x-auto border-y border-slate-200">
        <Table className="min-w-full">
          <TableHeader className="bg-slate-50">
            {table.getHeaderGroups().map((hg) => (
              <TableRow key={hg.id} className="hover:bg-transparent">
                {hg.headers.map((h) => (
                  <TableHead
                    key={h.id}
                    className={cn(
                      "h-11 px-4 text-xs font-semibold tracking-wide whitespace-nowrap text-slate-600 uppercase",
                      metaClass(h.column.columnDef.meta),
                    )}
                  >
                    {h.isPlaceholder ? null : flexRender(h.column.columnDef.header, h.getContext())}
                  </TableHead>
                ))}
              </TableRow>
            ))}
          </TableHeader>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow className="hover:bg-transparent">
                <TableCell colSpan={all.length} className="h-28 px-4 text-center text-slate-500">
                  {emptyText}
                </TableCell>
              </TableRow>
            ) : (
              rows.map((row) => (
                <TableRow key={row.id} className="even:bg-slate-50/80 hover:bg-teal-50/50">
                  {row.getVisibleCells().map((cell) => (
                    <TableCell
                      key={cell.id}
                      className={cn("px-4 py-3 align-middle", metaClass(cell.column.columnDef.meta))}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </div>
      {hidePagination ? null : (
        <Pagination count={count} estimated={countEstimated} page={page} rowsPerPage={rowsPerPage} />
      )}
    </div>
  );
}

/** Columns may carry `meta: { className }` for their header and cells (widths, alignment). */
function metaClass(meta: unknown): string | undefined {
  const c = (meta as { className?: unknown } | undefined)?.className;
  return typeof c === "string" ? c : undefined;
}
