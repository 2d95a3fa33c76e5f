import "server-only";
import { and, asc, eq, getTableColumns, getTableName, inArray, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Executor, Tx } from "./db";
import { invalid, type FieldErrors } from "./errors";

/**
 * Child rows: a set of rows under a parent record (a PJP's outlets, a blog's details, a request's pets, a
 * position's permissions) that the parent's form sends whole and the server replaces in the parent's
 * transaction. Field errors name the row by its index, as zod's own paths do: `pjp_outlets.0.outlet_id`.
 */

/** Rows a parent may carry when its schema does not say otherwise: keeps one request's work bounded. */
export const CHILD_ROWS_MAX = 1000;

/** Texts of the child-row checks (not spec texts), in the style of lib/platform/schemas.ts. */
export const CHILD_ROW_MESSAGES = {
  required: (label: string) => `The ${label} field is required.`,
  min: (label: string, min: number) => `The ${label} must have at least ${min} items.`,
  max: (label: string, max: number) => `The ${label} may not have more than ${max} items.`,
  duplicate: (label: string) => `The ${label} field has a duplicate value.`,
} as const;

/** `outlet_id` → "outlet", as the schemas name a reference field in their messages. */
const humanize = (key: string) => key.replace(/_id$/, "").replace(/_/g, " ");

type ChildRowsOptions = {
  /** The array's name in messages ("outlets"). */
  label: string;
  min?: number;
  max?: number;
  /**
   * Rows must differ in this property (e.g. "outlet_id"), or `true` for rows that are plain values (ids); the
   * second of two equal rows gets the error at `field.{index}.key` (or `field.{index}`).
   */
  distinct?: string | true;
};

/**
 * Declares a child-row array inside a parent's zod schema: `pjp_outlets: childRows(z.object({ outlet_id:
 * requiredId("outlet") }), { label: "outlets", min: 1, distinct: "outlet_id" })`. A bad cell fails at zod's own
 * path, which zodFieldErrors turns into `pjp_outlets.0.outlet_id`. A missing array is "required"; add
 * `.optional()` (update: keep the rows) or `.default([])` where the parent may go without.
 */
export function childRows<R extends z.ZodType>(row: R, o: ChildRowsOptions) {
  const min = o.min ?? 0;
  const max = o.max ?? CHILD_ROWS_MAX;
  return z
    .array(row, { error: CHILD_ROW_MESSAGES.required(o.label) })
    .min(min, min === 1 ? CHILD_ROW_MESSAGES.required(o.label) : CHILD_ROW_MESSAGES.min(o.label, min))
    .max(max, CHILD_ROW_MESSAGES.max(o.label, max))
    .superRefine((rows, c) => {
      if (o.distinct == null) return;
      const key = o.distinct === true ? null : o.distinct;
      const seen = new Set<string>();
      rows.forEach((r, i) => {
        const v = key == null ? r : (r as Record<string, unknown> | null)?.[key];
        if (v == null || v === "") return;
        const k = JSON.stringify(v);
        if (!seen.has(k)) return void seen.add(k);
        c.addIssue({
          code: "custom",
          message: CHILD_ROW_MESSAGES.duplicate(key == null ? o.label : humanize(key)),
          path: key == null ? [i] : [i, key],
        });
      });
    });
}

type Key = string | number;

/** What replaceChildRows did, with the parent's children before and after, for the parent's audit record. */
export type ChildRowsChange<Row> = {
  before: Row[];
  after: Row[];
  inserted: number;
  updated: number;
  deleted: number;
};

export type ReplaceChildRows<T extends PgTable, R> = {
  table: T;
  /** The child table's column holding the parent's id. */
  parentColumn: AnyPgColumn;
  parentId: number;
  /** The rows the parent's form sent, in its order (already parsed by the parent's schema). */
  rows: readonly R[];
  /**
   * The column that tells a parent's children apart: a natural key (outlet_id, permission_id), or the child
   * table's own primary key for children that have no natural key (blog details). By natural key, a key not yet
   * under the parent is a new row; by primary key, new rows come without one, and a key that is not this
   * parent's child (another parent's, another company's, a deleted row) answers 422.
   */
  match: AnyPgColumn;
  /** The row's value for `match`; null or undefined for a new row (primary-key matching). */
  key: (row: R) => Key | null | undefined;
  /** The columns to write for a row (the parent column is added); compared with the stored row to skip no-ops. */
  toValues: (row: R, index: number) => Partial<T["$inferInsert"]>;
  /** Where a row's key error goes; default `{table name}.{index}.{match}`, e.g. `pjp_outlets.0.outlet_id`. */
  at?: (index: number) => string;
};

/**
 * Replaces a parent's child rows with `rows` inside the parent's transaction: deletes the children no longer
 * sent, updates the matched ones that changed, inserts the new ones, in a few set-based statements. Call it after
 * locking the parent row (`select … for update`), so two saves of one parent do not interleave. Answers the
 * children before and after (ordered by `match`) for the parent's audit record; a repeated or foreign key
 * answers 422 before anything is written.
 */
export async function replaceChildRows<T extends PgTable, R>(
  tx: Tx,
  o: ReplaceChildRows<T, R>,
): Promise<ChildRowsChange<T["$inferSelect"]>> {
  type Row = T["$inferSelect"];
  const columns = getTableColumns(o.table) as Record<string, AnyPgColumn>;
  const tsKey = (col: AnyPgColumn) => {
    const hit = Object.entries(columns).find(([, c]) => c === col);
    if (!hit)
      throw new Error(`replaceChildRows: column ${col.name} is not a column of ${getTableName(o.table)}`);
    return hit[0];
  };
  const parentKey = tsKey(o.parentColumn);
  const matchKey = tsKey(o.match);
  const byPrimaryKey = o.match.primary;
  const at = o.at ?? ((i: number) => `${getTableName(o.table)}.${i}.${matchKey}`);
  const ofParent = eq(o.parentColumn, o.parentId);
  const load = async () =>
    (await tx
      .select()
      .from(o.table as PgTable)
      .where(ofParent)
      .orderBy(asc(o.match))) as Row[];

  const before = await load();
  const stored = new Map<string, Row>(
    before.map((r) => [String((r as Record<string, unknown>)[matchKey]), r]),
  );

  const errors: FieldErrors = {};
  const sent = new Set<string>();
  const inserts: Record<string, unknown>[] = [];
  const updates: { key: Key; values: Record<string, unknown> }[] = [];
  o.rows.forEach((row, i) => {
    const key = o.key(row);
    const values = { ...o.toValues(row, i) } as Record<string, unknown>;
    if (key == null || key === "") {
      if (!byPrimaryKey) errors[at(i)] = CHILD_ROW_MESSAGES.required(humanize(matchKey));
      else inserts.push({ ...values, [parentKey]: o.parentId });
      return;
    }
    const k = String(key);
    if (sent.has(k)) return void (errors[at(i)] = CHILD_ROW_MESSAGES.duplicate(humanize(matchKey)));
    sent.add(k);
    const current = stored.get(k);
    if (!current) {
      if (byPrimaryKey) errors[at(i)] = `The selected ${humanize(matchKey)} is invalid.`;
      else inserts.push({ [matchKey]: key, ...values, [parentKey]: o.parentId });
      return;
    }
    const changed = Object.entries(values).some(
      ([c, v]) => c !== parentKey && c !== matchKey && !same((current as Record<string, unknown>)[c], v),
    );
    if (changed) updates.push({ key, values });
  });
  if (Object.keys(errors).length) throw invalid(errors);

  const gone = [...stored.keys()].filter((k) => !sent.has(k)).map((k) => stored.get(k)!);
  const goneKeys = gone.map((r) => (r as Record<string, unknown>)[matchKey] as Key);
  for (let i = 0; i < goneKeys.length; i += 1000)
    await tx.delete(o.table).where(and(ofParent, inArray(o.match, goneKeys.slice(i, i + 1000))));
  for (const u of updates) {
    const { [parentKey]: _p, [matchKey]: _m, ...set } = u.values;
    void _p;
    void _m;
    await tx
      .update(o.table)
      .set(set as never)
      .where(and(ofParent, eq(o.match, u.key)));
  }
  for (let i = 0; i < inserts.length; i += 500)
    await tx.insert(o.table).values(inserts.slice(i, i + 500) as never);

  const changed = gone.length + updates.length + inserts.length > 0;
  return {
    before,
    after: changed ? await load() : before,
    inserted: inserts.length,
    updated: updates.length,
    deleted: gone.length,
  };
}

/** Stored value vs sent value: dates and JSON compare by content, numbers sent as text by their value. */
function same(a: unknown, b: unknown): boolean {
  if (a instanceof Date || b instanceof Date)
    return new Date(a as Date).getTime() === new Date(b as Date).getTime();
  if (typeof a === "object" || typeof b === "object") return JSON.stringify(a) === JSON.stringify(b);
  return a === b || (a != null && b != null && String(a) === String(b));
}

export type ChildReferences<R> = {
  /** The parent's field holding the rows ("pjp_outlets"). */
  field: string;
  rows: readonly R[];
  /** The row's property holding the reference ("outlet_id"); omit when each row is the id itself. */
  key?: keyof R & string;
  /** The referenced table's id column (outlets.id). */
  id: AnyPgColumn;
  /**
   * What makes a referenced row acceptable, e.g. `and(eq(outlets.company_id, companyId), isNull(outlets.deleted_at),
   * eq(outlets.is_active, 1))`: a row of another company answers exactly like a missing one.
   */
  where?: SQL;
  /** The error for a row whose reference is not acceptable ("The selected outlet is invalid."). */
  message: string;
};

/**
 * Checks every row's reference in one query: answers `{ "pjp_outlets.3.outlet_id": message }` for each row
 * whose id is not an acceptable row (missing, deleted, inactive, another company's), empty when all are.
 */
export async function childReferenceErrors<R>(db: Executor, o: ChildReferences<R>): Promise<FieldErrors> {
  const valueOf = (r: R): unknown => (o.key ? (r as Record<string, unknown>)[o.key] : r);
  const isId = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v > 0;
  const ids = [...new Set(o.rows.map(valueOf).filter(isId))];
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 1000) {
    const hits = await db
      .select({ id: o.id })
      .from(o.id.table as PgTable)
      .where(and(inArray(o.id, ids.slice(i, i + 1000)), o.where));
    for (const h of hits) found.add(Number(h.id));
  }
  const errors: FieldErrors = {};
  o.rows.forEach((r, i) => {
    const v = valueOf(r);
    if (v == null) return;
    if (!isId(v) || !found.has(v)) errors[o.key ? `${o.field}.${i}.${o.key}` : `${o.field}.${i}`] = o.message;
  });
  return errors;
}

/** childReferenceErrors that answers 422 with those field errors when any row's reference is not acceptable. */
export async function checkChildReferences<R>(db: Executor, o: ChildReferences<R>): Promise<void> {
  const errors = await childReferenceErrors(db, o);
  if (Object.keys(errors).length) throw invalid(errors);
}
