import { Suspense, type ReactNode } from "react";

type Props<T> = {
  /** The list's page (lib/platform/screens.ts `listScreen(...).table`), still being read. */
  table: Promise<T>;
  /** The table once the rows are in. */
  children: (table: T) => ReactNode;
  /** Rows the outline shows while waiting (the page size, at most a screenful). */
  rows?: number;
};

/**
 * The part of a list screen that waits for the list's query: the shell, the title and the toolbar have gone out
 * already (the page's guard ran before them), and the table streams in here, an outline of the same height shown
 * meanwhile. A server component: import it from this file (the package index serves client pieces too).
 */
export function ListRows<T>({ table, children, rows = 10 }: Props<T>) {
  return (
    <Suspense fallback={<TableOutline rows={rows} />}>
      <Resolved table={table}>{children}</Resolved>
    </Suspense>
  );
}

async function Resolved<T>({ table, children }: Omit<Props<T>, "rows">) {
  return children(await table);
}

/**
 * The table's outline while its rows load: the header band, striped 40 px rows (as many as the page size, at most
 * a screenful, like the table's own box) and the pager's band. A handful of elements, whatever the page size.
 */
export function TableOutline({ rows = 10 }: { rows?: number }) {
  const n = Math.max(1, Math.min(rows, 15));
  return (
    <div role="status" aria-label="Loading" aria-busy data-testid="table-outline" className="min-w-0">
      <div className="max-h-[max(18rem,calc(100dvh-14rem))] overflow-hidden border-y border-slate-200">
        <div className="h-9 bg-slate-50 shadow-[inset_0_-1px_0_var(--color-slate-200)]" />
        <div
          className="animate-pulse bg-[repeating-linear-gradient(to_bottom,white_0,white_40px,var(--color-slate-50)_40px,var(--color-slate-50)_80px)]"
          style={{ height: n * 40 }}
        />
      </div>
      <div className="h-14" />
    </div>
  );
}
