import "server-only";
import { getTableColumns } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { AnyEntity } from "./entity";
import type { List, Selection } from "./list";

/** A column as it reads in a JSON answer (dates as ISO strings), for documented and checked answers. */
export function columnSchema(col: AnyPgColumn, nullable = !col.notNull): z.ZodType {
  const base: z.ZodType =
    col.dataType === "number"
      ? z.number()
      : col.dataType === "string"
        ? z.string()
        : col.dataType === "date"
          ? z.string()
          : col.dataType === "boolean"
            ? z.boolean()
            : col.dataType === "bigint"
              ? z.union([z.number(), z.string()])
              : z.unknown();
  return nullable ? base.nullable() : base;
}

/** A record's answer: its table's columns (hidden ones removed) and the entity's detail keys. */
export function recordSchema(def: AnyEntity): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [k, col] of Object.entries(getTableColumns(def.table as PgTable)))
    if (!def.hidden?.includes(k)) shape[k] = columnSchema(col as AnyPgColumn);
  return z.object({ ...shape, ...(def.detailSchema ?? {}) });
}

/** A record as the /api answers it: the entity's `apiShape` applied, if it declares one. */
export const apiRecord = (def: AnyEntity, row: Record<string, unknown>) =>
  def.apiShape ? def.apiShape.record(row) : row;

/** The schema of a record's /api answer: `recordSchema` with the keys of the entity's `apiShape`. */
export const apiRecordSchema = (def: AnyEntity): z.ZodObject =>
  def.apiShape ? recordSchema(def).extend(def.apiShape.fields) : recordSchema(def);

/** A list row's answer: the list's selection (columns of left-joined tables may be null). */
export function listRowSchema(list: List<Selection>): z.ZodObject {
  const shape: Record<string, z.ZodType> = {};
  for (const [k, f] of Object.entries(list.select)) {
    const col = f as AnyPgColumn;
    if (typeof col === "object" && col && "dataType" in col && "table" in col) {
      const joined = col.table !== list.from;
      shape[k] = columnSchema(col, !col.notNull || joined);
    } else shape[k] = z.unknown();
  }
  return z.object(shape);
}

/** The answer of every list call. */
export const listAnswer = (row: z.ZodType) =>
  z.object({
    data: z.array(row),
    count: z
      .number()
      .int()
      .describe(
        "Rows matching the filters over all pages: exact up to 10,000, beyond that the planner's estimate (count_estimated).",
      ),
    count_estimated: z
      .boolean()
      .optional()
      .describe("True when count is the planner's estimate of a large list (show it as 'about N')."),
    next_cursor: z
      .string()
      .nullable()
      .optional()
      .describe("Send as `cursor` for the page after this one (keyset paging); null on the last page."),
    prev_cursor: z
      .string()
      .nullable()
      .optional()
      .describe("Send as `before` for the page before this one (keyset paging); null on the first page."),
  });

/** The query parameters every list reads, plus its own filters and sorts (documentation and checks). */
export function listQuerySchema(list: List<Selection>): z.ZodObject {
  const shape: Record<string, z.ZodType> = {
    page: z.string().optional().describe("Page number, from 1 (numbered pages)."),
    rowsPerPage: z
      .string()
      .optional()
      .describe("10, 15, 20, 25, 30, 50, 100, or 1000000 for ALL (capped at 10000)."),
    search_keyword: z.string().optional(),
    cursor: z
      .string()
      .optional()
      .describe(
        "The next_cursor of the previous answer: the rows after it (keyset paging, as fast 500,000 rows deep as on page 1; page is then only a label).",
      ),
    before: z
      .string()
      .optional()
      .describe(
        "The prev_cursor of an answer: the rows before it, in the list's order (keyset paging backwards).",
      ),
  };
  if (list.deletedAt) shape.show_deleted = z.enum(["0", "1"]).optional().describe("1: the trash view.");
  for (const [param, f] of Object.entries(list.filters)) {
    const ui = f.ui(param);
    if (ui.kind === "dateRange" && ui.params) {
      shape[ui.params.from] = z.string().optional().describe(`${f.label} from (YYYY-MM-DD).`);
      shape[ui.params.to] = z.string().optional().describe(`${f.label} to (YYYY-MM-DD).`);
    } else shape[param] = z.string().optional().describe(f.label);
  }
  const sorts = Object.keys(list.sort ?? {});
  if (sorts.length)
    shape.sort = z.enum(sorts.flatMap((s) => [s, `-${s}`]) as [string, ...string[]]).optional();
  return z.object(shape);
}
