import "server-only";
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor } from "./db";

/** Page sizes every list offers; ALL is sent as 1000000 (spec 000 §9). */
export const PAGE_SIZES = [10, 15, 20, 25, 30, 50, 100] as const;
export const ALL_ROWS = 1_000_000;
/** ALL still has a ceiling: a page never carries more rows than this. */
export const MAX_PAGE_ROWS = 10_000;
export const DEFAULT_PAGE_SIZE = 10;

type FilterKind = "int" | "intList" | "text";
export type ListFilter = { column: AnyPgColumn; kind: FilterKind };

/** One list's description, data only: what it searches, filters and orders by, and whether it has a trash view. */
export type ListSpec = {
  table: PgTable;
  id: AnyPgColumn;
  isActive?: AnyPgColumn;
  deletedAt?: AnyPgColumn;
  /** Columns matched by search_keyword (case-insensitive substring). */
  search: AnyPgColumn[];
  /**
   * For large tables: one text expression a trigram index covers (db/schema's *SearchText); when given, search
   * matches it instead of the columns, so the index serves `ilike '%term%'`.
   */
  searchText?: SQL;
  filters?: Record<string, ListFilter>;
  orderBy?: { column: AnyPgColumn; dir: "asc" | "desc" };
};

export type ListParams = {
  page: number;
  rowsPerPage: number;
  search: string;
  isActive: 0 | 1 | null;
  showDeleted: boolean;
  filters: Record<string, number | number[] | string>;
};

type RawParams = URLSearchParams | Record<string, string | string[] | undefined>;

function get(raw: RawParams, key: string): string | undefined {
  if (raw instanceof URLSearchParams) return raw.get(key) ?? undefined;
  const v = raw[key];
  return Array.isArray(v) ? v[0] : v;
}

const toInt = (v: string | undefined) => (v != null && /^-?\d{1,12}$/.test(v.trim()) ? Number(v) : null);

/** URL or query parameters → whitelisted list parameters (unknown keys ignored, sizes capped). */
export function parseListParams(raw: RawParams, spec: ListSpec): ListParams {
  const page = Math.max(1, toInt(get(raw, "page")) ?? 1);
  let rowsPerPage = toInt(get(raw, "rowsPerPage")) ?? DEFAULT_PAGE_SIZE;
  if (rowsPerPage < 1) rowsPerPage = DEFAULT_PAGE_SIZE;
  rowsPerPage = Math.min(rowsPerPage, MAX_PAGE_ROWS);
  const active = get(raw, "is_active");
  const trash = get(raw, "show_deleted") ?? get(raw, "open_trash");
  const filters: ListParams["filters"] = {};
  for (const [name, f] of Object.entries(spec.filters ?? {})) {
    const v = get(raw, name);
    if (v == null || v === "") continue;
    if (f.kind === "int") {
      const n = toInt(v);
      if (n != null) filters[name] = n;
    } else if (f.kind === "intList") {
      const list = v
        .split(",")
        .map((s) => toInt(s))
        .filter((n): n is number => n != null)
        .slice(0, 100);
      if (list.length) filters[name] = list;
    } else filters[name] = v.slice(0, 200);
  }
  return {
    page,
    rowsPerPage,
    search: (get(raw, "search_keyword") ?? "").trim().slice(0, 200),
    isActive: active === "1" ? 1 : active === "0" ? 0 : null,
    showDeleted: !!spec.deletedAt && (trash === "1" || trash === "true"),
    filters,
  };
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The WHERE of a list: scope (tenant), trash or live rows, status, filters, search. */
export function listWhere(spec: ListSpec, p: ListParams, scope?: SQL): SQL | undefined {
  const parts: (SQL | undefined)[] = [scope];
  if (spec.deletedAt) parts.push(p.showDeleted ? isNotNull(spec.deletedAt) : isNull(spec.deletedAt));
  if (spec.isActive && p.isActive != null) parts.push(eq(spec.isActive, p.isActive));
  for (const [name, v] of Object.entries(p.filters)) {
    const col = spec.filters![name].column;
    parts.push(Array.isArray(v) ? inArray(col, v) : eq(col, v));
  }
  if (p.search) {
    const term = `%${escapeLike(p.search)}%`;
    parts.push(
      spec.searchText
        ? ilike(spec.searchText, term)
        : or(...spec.search.map((c) => ilike(sql`${c}::text`, term))),
    );
  }
  return and(...parts.filter(Boolean));
}

/** Runs a list: one page of rows, ordered, and the total count, as every list answers ({ data, count }). */
export async function runList<Row>(
  db: Executor,
  spec: ListSpec,
  p: ListParams,
  scope: SQL | undefined,
  select: Record<string, AnyPgColumn | SQL.Aliased>,
): Promise<{ data: Row[]; count: number }> {
  const where = listWhere(spec, p, scope);
  const order = spec.orderBy ?? { column: spec.id, dir: "desc" as const };
  const rows = await db
    .select(select as Record<string, AnyPgColumn>)
    .from(spec.table)
    .where(where)
    .orderBy(order.dir === "asc" ? asc(order.column) : desc(order.column), desc(spec.id))
    .limit(p.rowsPerPage)
    .offset((p.page - 1) * p.rowsPerPage);
  const [{ n }] = await db.select({ n: count() }).from(spec.table).where(where);
  return { data: rows as Row[], count: Number(n) };
}

/** Streams every row of a list in id order, in batches, so exports keep memory flat whatever the row count. */
export async function* iterateList<Row extends { id: number }>(
  db: Executor,
  spec: ListSpec,
  p: ListParams,
  scope: SQL | undefined,
  select: Record<string, AnyPgColumn | SQL.Aliased>,
  batch = 1000,
): AsyncGenerator<Row> {
  let after = 0;
  for (;;) {
    const where = and(listWhere(spec, p, scope), sql`${spec.id} > ${after}`);
    const rows = (await db
      .select(select as Record<string, AnyPgColumn>)
      .from(spec.table)
      .where(where)
      .orderBy(asc(spec.id))
      .limit(batch)) as unknown as Row[];
    for (const r of rows) yield r;
    if (rows.length < batch) return;
    after = rows[rows.length - 1].id;
  }
}
