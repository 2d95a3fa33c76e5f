"use client";
import { useState } from "react";
import type { ColumnDef } from "@tanstack/react-table";

type Renderer = ColumnDef<unknown>["cell"];

/**
 * Columns whose cell functions keep their identity from one render to the next. Each table builds its
 * columns anew on every render, and the table renders a cell function as a React component: a new
 * function is a new component type, so every cell of the list remounted on each render (a refresh after a
 * decision, a row's selection, a toolbar's state), dropping what the cells held and redoing their work. Here each
 * column's cell is one wrapper for the table's whole life (by the column's id, accessor key or place), calling
 * the latest function the column was given. (Headers are left as they are: a sortable one carries its sort key.)
 */
export function useStableCells<T>(columns: ColumnDef<T>[]): ColumnDef<T>[] {
  const [slots] = useState(cellSlots);
  return stableColumns(slots, columns);
}

/** What keeps a table's cell wrappers (one per table: the hook's state). */
export const cellSlots = () => ({ latest: new Map<string, unknown>(), wrappers: new Map<string, unknown>() });

/** The columns with their cells replaced by the table's stable wrappers (useStableCells, without React). */
export function stableColumns<T>(
  slots: ReturnType<typeof cellSlots>,
  columns: ColumnDef<T>[],
): ColumnDef<T>[] {
  const stable = (key: string, fn: unknown) => {
    if (typeof fn !== "function") return fn;
    slots.latest.set(key, fn);
    let w = slots.wrappers.get(key);
    if (!w) {
      w = (props: unknown) => (slots.latest.get(key) as (p: unknown) => unknown)(props);
      slots.wrappers.set(key, w);
    }
    return w;
  };
  const walk = (cols: ColumnDef<T>[], prefix: string): ColumnDef<T>[] =>
    cols.map((c, i) => {
      // The column's id as the table derives it: its id, its accessor key, or its header's text.
      const named = c.id ?? (c as { accessorKey?: string }).accessorKey;
      const key = `${prefix}${named ?? (typeof c.header === "string" ? c.header : `#${i}`)}`;
      const sub = (c as { columns?: ColumnDef<T>[] }).columns;
      return {
        ...c,
        cell: stable(`${key}:cell`, c.cell) as Renderer,
        ...(sub ? { columns: walk(sub, `${key}/`) } : {}),
      } as ColumnDef<T>;
    });
  return walk(columns, "");
}
