"use client";
import { Fragment, useEffect, useRef, useState } from "react";
import { useSearchParams } from "next/navigation";
import {
  flexRender,
  getCoreRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnMeta,
} from "@tanstack/react-table";
import { Table } from "@/components/ui/table";
import { cn } from "@/lib/utils";
import "./column-meta";
import { cardPlaces, fitCss } from "./column-fit";
import { ColumnMenu, useColumnFit } from "./column-fit-hook";
import { useListLabel } from "./list-label";
import { Pagination, type PageCursors } from "./pagination";
import { SortContext, SortHeader, sortOf } from "./sort-header";
import { sortDirection } from "./sort-state";
import { TableIcon, TableIcons } from "./table-icons";
import { useStableCells } from "./stable-cells";
import { useTableTips } from "./table-tips";

type Props<T> = {
  columns: ColumnDef<T>[];
  data: T[];
  /** Total rows of the list (all pages). */
  count: number;
  /** The count is the planner's estimate (a very large list): shown as approximate. */
  countEstimated?: boolean;
  page: number;
  rowsPerPage: number;
  /** The rows' sort as the server applied it (`name`, `-name`, the list's default included); else the URL's. */
  sort?: string | null;
  /** The scroll region's name; defaults to the enclosing list's title. */
  label?: string;
  emptyText?: string;
  /** Hide the pagination bar (a list that shows everything at once). */
  hidePagination?: boolean;
  /** The most rows a page shows (page size ALL shows this many; lib/platform/screens.ts PORTAL_MAX_ROWS). */
  ceiling?: number;
  /** Keyset cursors of the pages before and after, for pages deep in a big list. */
  cursors?: PageCursors;
  className?: string;
};

/*
 * Lists fit their box: the columns that do not fit move into each row's detail (column-fit.ts, useColumnFit), and on
 * a phone the rows are cards (the same markup restyled). A list the user widened (the column menu) scrolls
 * sideways inside its own box, never the page, with Sr No and the title frozen at the left and the Action column
 * pinned at the right (a shadow on its left edge while columns hide beneath it). The box is at most a viewport high less the shell and the
 * list's title and toolbar, with the header row sticky: once the box is in view, its horizontal scrollbar is too,
 * however long the page is (no scrolling to the bottom of 100 rows to scroll sideways). Floor of 18rem so a short
 * window still shows rows. It is a named region and a tab stop while it scrolls, so a keyboard can scroll it.
 */
const SCROLL_BOX = "max-h-[max(18rem,calc(100dvh-14rem))] overflow-auto";

/**
 * The striped list table of spec 000 §2.7: a 'Sr No' column first, the page's rows (paged on the server),
 * 'No data found' when empty, and the pagination bar. Compact rows (about 40 px) for daily use.
 */
export function DataTable<T>({
  columns,
  data,
  count,
  countEstimated,
  page,
  rowsPerPage,
  sort,
  label,
  emptyText = "No data found",
  hidePagination,
  ceiling,
  cursors,
  className,
}: Props<T>) {
  const listLabel = useListLabel();
  const name = label ?? listLabel ?? "List";
  const params = useSearchParams();
  const currentSort = sort === undefined ? params.get("sort") : sort;
  const box = useScrollBox();
  useTableTips(box.ref);
  const offset = (Math.max(1, page) - 1) * rowsPerPage;
  const all: ColumnDef<T>[] = useStableCells([
    {
      id: "sr_no",
      header: "Sr No",
      cell: ({ row }) => offset + row.index + 1,
      meta: { className: "dt-num" },
    },
    ...columns,
  ]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the table instance is rebuilt each render from server data; nothing is memoised across renders.
  const table = useReactTable({
    data,
    columns: all,
    getCoreRowModel: getCoreRowModel(),
    // Rows keyed by their record, so a row's state (an open confirmation) never passes to another record.
    getRowId: (row, i) => String((row as { id?: unknown }).id ?? i),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: count,
  });
  const rows = table.getRowModel().rows;
  const fit = useColumnFit(all, name, box.ref, data);
  const scope = `[data-dt="${fit.scope}"]`;
  const hidden = new Set(fit.state?.hidden ?? []);
  const detailed = fit.state ? fit.cols.filter((c) => hidden.has(c.id)) : [];
  const shown = all.length - (fit.state?.phone ? 0 : hidden.size);
  const cards = cardPlaces(fit.cols);

  return (
    <SortContext value={currentSort}>
      <div className={cn("min-w-0", className)}>
        <TableIcons />
        <style>{fitCss(scope, fit.cols, fit.state)}</style>
        <ColumnMenu fit={fit} />
        <Table
          // 13 px text: the density of a daily admin tool, still readable; headers are 12 px capitals.
          className="min-w-full text-[13px]"
          data-card-fields={cards.length}
          data-card-cols={cards.join(" ")}
          container={{
            ref: box.ref,
            role: "region",
            "aria-label": name,
            tabIndex: box.scrollable ? 0 : -1,
            "data-dt": fit.scope,
            "data-fit": fit.state ? (fit.state.phone ? "phone" : "js") : "css",
            "data-custom": Object.keys(fit.choice).length ? true : undefined,
            "data-clipped": box.clipped || undefined,
            "data-scrolled": box.scrolled || undefined,
            className: cn(
              "dt-fit border-y border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-teal-600",
              SCROLL_BOX,
            ),
          }}
        >
          <thead>
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {hg.headers.map((h) => {
                  const meta = h.column.columnDef.meta;
                  const sortable = sortOf(h.column.columnDef.header);
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      aria-sort={sortable ? sortDirection(currentSort, sortable.sortKey) : undefined}
                      className={cellClass("dt-th", meta)}
                    >
                      {h.isPlaceholder ? null : sortable ? (
                        <SortHeader label={sortable.label} sortKey={sortable.sortKey} />
                      ) : (
                        flexRender(h.column.columnDef.header, h.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={all.length} className="dt-empty">
                  {emptyText}
                </td>
              </tr>
            ) : (
              // Every row repeats: one short class per row and cell (app/globals.css `.dt-*`), nothing per cell
              // that the column does not need.
              rows.map((row) => {
                const open = detailed.length > 0 && fit.open.has(row.id);
                const detailId = `${fit.scope}-${row.id}`;
                const cells = row.getVisibleCells();
                return (
                  <Fragment key={row.id}>
                    <tr className="dt-tr">
                      {cells.map((cell, i) => (
                        <td key={cell.id} className={cellClass("", cell.column.columnDef.meta) || undefined}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                          {i === 0 && detailed.length ? (
                            <button
                              type="button"
                              className="dt-more"
                              aria-expanded={open}
                              aria-controls={open ? detailId : undefined}
                              aria-label={`Details, row ${offset + row.index + 1}`}
                              onClick={() => fit.toggle(row.id)}
                            >
                              <TableIcon name="more" />
                              <span className="dt-more-t">Details</span>
                            </button>
                          ) : null}
                        </td>
                      ))}
                    </tr>
                    {open ? (
                      <tr className="dt-detail" id={detailId}>
                        <td colSpan={shown}>
                          <dl>
                            {detailed.map((c) => {
                              const cell = cells.find((x) => x.column.id === c.id);
                              return cell ? (
                                <div key={c.id}>
                                  <dt>{c.label}</dt>
                                  <dd>{flexRender(cell.column.columnDef.cell, cell.getContext())}</dd>
                                </div>
                              ) : null;
                            })}
                          </dl>
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </Table>
        {hidePagination ? null : (
          <Pagination
            count={count}
            estimated={countEstimated}
            page={page}
            rowsPerPage={rowsPerPage}
            ceiling={ceiling}
            cursors={cursors}
          />
        )}
      </div>
    </SortContext>
  );
}

/** A cell's classes: the table's short class, the column's pin and its own classes (widths, alignment). */
function cellClass(base: string, meta: ColumnMeta<unknown, unknown> | undefined): string {
  const c = [base];
  if (meta?.sticky === "right") c.push("dt-pin");
  if (meta?.className) c.push(meta.className);
  return c.filter(Boolean).join(" ");
}

/**
 * Watches the scroll box: whether it scrolls at all (then it is a tab stop), whether columns are hidden beneath
 * the pinned right edge (then that edge casts a shadow) and whether it is scrolled (the frozen title's shadow). A ResizeObserver reports the first size and every change
 * (new rows, a narrower window); scrolling updates the edge.
 */
function useScrollBox() {
  const ref = useRef<HTMLDivElement>(null);
  const [state, setState] = useState({ scrollable: false, clipped: false, scrolled: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const scrollable = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
      const clipped = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
      const scrolled = el.scrollLeft > 0;
      setState((s) =>
        s.scrollable === scrollable && s.clipped === clipped && s.scrolled === scrolled
          ? s
          : { scrollable, clipped, scrolled },
      );
    };
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    if (el.firstElementChild) ro.observe(el.firstElementChild);
    el.addEventListener("scroll", measure, { passive: true });
    return () => {
      ro.disconnect();
      el.removeEventListener("scroll", measure);
    };
  }, []);
  return { ref, ...state };
}
