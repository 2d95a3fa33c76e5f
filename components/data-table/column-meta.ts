import type { RowData } from "@tanstack/react-table";

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- an augmentation repeats the library's type parameters
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the column's header and cells (widths, alignment). */
    className?: string;
    /** Stays at the right edge while the table scrolls sideways (the Action column). */
    sticky?: "right";
    /**
     * 1 = always shown; higher numbers hide first when the table is wider than its box (ties: the rightmost
     * first). Undeclared: 10, after every declared one. Sr No, the title, Status / Approval and Action never hide.
     */
    priority?: number;
    /** The row's name (frozen beside Sr No, a phone card's title line); default the first data column. */
    title?: boolean;
    /** Shown on a phone card (2-3 per list); default: status, the first date column, then by priority. */
    card?: boolean;
    /** Width (px) to assume before the browser measures the column (the server's first guess). */
    minWidth?: number;
    /** What the column holds, where the defaults depend on it (dateColumn: "date"). */
    kind?: "date" | "text";
  }
}

export {};
