import type { Cell } from "./xlsx-writer.mjs";

/** One exported cell: dates as the screens show them, everything else as it is. */
export function exportCell(v: unknown): Cell;
/** A column's cell from a row: its value through `get`, shown through `labels` when the column has them. */
export function cellReader<Row>(
  column: { labels?: Record<string | number, string>; otherwise?: string; format?: "duration" },
  get: (row: Row) => unknown,
): (row: Row) => Cell;
