import type { RowData } from "@tanstack/react-table";

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- an augmentation repeats the library's type parameters
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the column's header and cells (widths, alignment). */
    className?: string;
    /** Stays at the right edge while the table scrolls sideways (the Action column). */
    sticky?: "right";
  }
}

export {};
