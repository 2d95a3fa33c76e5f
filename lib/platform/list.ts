import "server-only";
import {
  and,
  asc,
  Column,
  getTableName,
  is,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  sql,
  type GetColumnData,
  SQL,
} from "drizzle-orm";
import { PgDialect, PgTimestamp, type AnyPgColumn, type PgTable } from "drizzle-orm/pg-core";
import { rowsOf, selectArrays, withPlannerSettings, type Executor } from "./db";
import { invalid } from "./errors";
import { parseIdParam } from "./ids";
import { searchIdsOf, searchMatch, searchPattern, type SearchIds } from "./search";
/** Ids and ints are PostgreSQL integers. */
const MAX_ID = 2_147_483_647;
import type { ExportColumn } from "./spreadsheet";

import { DEFAULT_PAGE_SIZE, EXACT_COUNT_LIMIT, MAX_PAGE_ROWS, OFFSET_PAGES_UP_TO } from "@/lib/list-limits";
export { DEFAULT_PAGE_SIZE, EXACT_COUNT_LIMIT, MAX_PAGE_ROWS, OFFSET_PAGES_UP_TO } from "@/lib/list-limits";

type Field = AnyPgColumn | SQL.Aliased | SQL;
/** What a list selects: output name → column or SQL expression (joins allowed). */
export type Selection = Record<string, Field>;
type FieldType<F> = F extends AnyPgColumn
  ? GetColumnData<F>
  : F extends SQL.Aliased<infer T>
    ? T
    : F extends SQL<infer T>
      ? T
      : never;
/** The row type a selection produces. */
export type RowOf<S extends Selection> = { [K in keyof S]: FieldType<S[K]> };

export type RawParams = URLSearchParams | Record<string, string | string[] | undefined>;

/**
 * One parameter of a query (the first when repeated): for list filters of an entity's own. Own properties only, so a
 * key never reads the object's prototype (`constructor`, `__proto__`).
 */
export function rawParam(raw: RawParams, key: string): string | undefined {
  if (raw instanceof URLSearchParams) return raw.get(key) ?? undefined;
  if (!Object.hasOwn(raw, key)) return undefined;
  const v = raw[key];
  return Array.isArray(v) ? v[0] : v;
}

// ---------------------------------------------------------------------------------------------------------------
// Filter kinds, shared by the server (parse → SQL) and the toolbar (label, options, input kind).

/** What the toolbar shows for a filter (plain data: server pages pass it to the client toolbar). */
export type FilterUi = {
  param: string;
  label: string;
  kind: "select" | "multi" | "dateRange" | "month";
  options: { value: string; label: string }[];
  /** dateRange: the two parameters; month: the one YYYY-MM parameter is `param`. */
  params?: { from: string; to: string };
};

/** One filter of a list: the URL parameters it reads and the condition it adds. */
export type ListFilter = {
  label: string;
  /** The condition for this request's parameters, or undefined when the filter is not set; throws 422 on bad input. */
  where: (raw: RawParams, param: string) => SQL | undefined;
  ui: (param: string) => FilterUi;
};

type Option = { value: string; label: string };

const bad = (param: string, label: string) =>
  invalid({ [param]: `The selected ${label.toLowerCase()} is invalid.` });

function intsOf(v: string, param: string, label: string, ids: boolean): number[] {
  const out: number[] = [];
  for (const part of v.split(",").slice(0, 100)) {
    const s = part.trim();
    if (!s) continue;
    const n = ids ? parseIdParam(s) : /^-?\d{1,10}$/.test(s) ? Number(s) : null;
    if (n == null || Math.abs(n) > MAX_ID) throw bad(param, label);
    out.push(n);
  }
  return out;
}

/** ACTIVE (1) / INACTIVE (0), on the spec's is_active parameter. */
export function statusFilter(column: AnyPgColumn): ListFilter {
  return {
    label: "Status",
    where: (raw, param) => {
      const v = rawParam(raw, param);
      if (v == null || v === "") return undefined;
      if (v !== "0" && v !== "1") throw bad(param, "status");
      return eq(column, Number(v));
    },
    ui: (param) => ({
      param,
      label: "Status",
      kind: "select",
      options: [
        { value: "1", label: "ACTIVE" },
        { value: "0", label: "INACTIVE" },
      ],
    }),
  };
}

/** A 1/0 flag (e.g. KYC verified), shown as Yes / No. */
export function booleanFilter(
  column: AnyPgColumn,
  label: string,
  names: [yes: string, no: string] = ["YES", "NO"],
  o: { words?: boolean } = {},
): ListFilter {
  const f = enumFilter(column, label, [
    { value: "1", label: names[0] },
    { value: "0", label: names[1] },
  ]);
  if (!o.words) return f;
  // `words`: an /api boolean too, true / false read as 1 / 0 (any case).
  const asFlag = (v: string | undefined) => (v === "true" ? "1" : v === "false" ? "0" : v);
  return {
    ...f,
    where: (raw, param) => f.where({ [param]: asFlag(rawParam(raw, param)?.trim().toLowerCase()) }, param),
  };
}

/**
 * One of a fixed set of values (ints or texts as the column holds them), given as options or as their labels by
 * value; `multiple` takes a comma list.
 */
export function enumFilter(
  column: AnyPgColumn,
  label: string,
  choices: readonly Option[] | Readonly<Record<string, string>>,
  o: { multiple?: boolean } = {},
): ListFilter {
  const options = Array.isArray(choices)
    ? (choices as readonly Option[])
    : Object.entries(choices).map(([value, label]) => ({ value, label }));
  const allowed = new Set(options.map((x) => x.value));
  const numeric = column.dataType === "number";
  return {
    label,
    where: (raw, param) => {
      const v = rawParam(raw, param);
      if (v == null || v === "") return undefined;
      const values = (o.multiple ? v.split(",") : [v]).map((s) => s.trim()).filter(Boolean);
      if (!values.length) return undefined;
      if (values.some((x) => !allowed.has(x))) throw bad(param, label);
      const typed = numeric ? values.map(Number) : values;
      return typed.length === 1 ? eq(column, typed[0]) : inArray(column, typed);
    },
    ui: (param) => ({ param, label, kind: o.multiple ? "multi" : "select", options: [...options] }),
  };
}

/**
 * A reference to another record (position, user, franchisee...): plain ids from /api, opaque ids from the portal;
 * `multiple` takes a comma list. The toolbar's options come from the page (`filterBar(list, { param: options })`).
 */
export function referenceFilter(
  column: AnyPgColumn,
  label: string,
  o: { multiple?: boolean } = {},
): ListFilter {
  return {
    label,
    where: (raw, param) => {
      const v = rawParam(raw, param);
      if (v == null || v === "") return undefined;
      const ids = intsOf(o.multiple ? v : v.split(",")[0], param, label, true);
      if (!ids.length) return undefined;
      return ids.length === 1 ? eq(column, ids[0]) : inArray(column, ids);
    },
    ui: (param) => ({ param, label, kind: o.multiple ? "multi" : "select", options: [] }),
  };
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (s: string) => DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));

/** A date range on two parameters (YYYY-MM-DD, both ends included), e.g. from_date and to_date. */
export function dateRangeFilter(
  column: AnyPgColumn,
  label: string,
  params: { from: string; to: string } = { from: "from_date", to: "to_date" },
): ListFilter {
  return {
    label,
    where: (raw) => {
      const from = rawParam(raw, params.from)?.trim();
      const to = rawParam(raw, params.to)?.trim();
      const parts: SQL[] = [];
      // Days are India's (spec 000 §9): an instant (timestamptz) is compared with the day's start there; a calendar
      // date column with the date itself.
      const dayStart = (d: SQL) =>
        column.columnType === "PgTimestamp" || column.columnType === "PgTimestampString"
          ? sql`(${d})::timestamp at time zone 'Asia/Kolkata'`
          : d;
      if (from) {
        if (!validDate(from))
          throw invalid({ [params.from]: `The ${label.toLowerCase()} start is not a valid date.` });
        parts.push(gte(column, dayStart(sql`${from}::date`)));
      }
      if (to) {
        if (!validDate(to))
          throw invalid({ [params.to]: `The ${label.toLowerCase()} end is not a valid date.` });
        parts.push(lt(column, dayStart(sql`${to}::date + 1`)));
      }
      return parts.length ? and(...parts) : undefined;
    },
    ui: (param) => ({ param, label, kind: "dateRange", options: [], params }),
  };
}

/** A month (YYYY-MM, e.g. month_year) of a date column. */
export function monthFilter(column: AnyPgColumn, label: string): ListFilter {
  return {
    label,
    where: (raw, param) => {
      const v = rawParam(raw, param)?.trim();
      if (!v) return undefined;
      const m = /^(\d{4})-(\d{2})$/.exec(v);
      if (!m || Number(m[2]) < 1 || Number(m[2]) > 12)
        throw invalid({ [param]: `The ${label.toLowerCase()} must be a month like 2026-11.` });
      const start = `${m[1]}-${m[2]}-01`;
      return and(gte(column, sql`${start}::date`), lt(column, sql`${start}::date + interval '1 month'`));
    },
    ui: (param) => ({ param, label, kind: "month", options: [] }),
  };
}

/** An exact whole number (e.g. month=11, year=2026, or an id the list is opened for). */
export function intFilter(column: AnyPgColumn, label: string): ListFilter {
  return {
    label,
    where: (raw, param) => {
      const v = rawParam(raw, param);
      if (v == null || v === "") return undefined;
      const [n] = intsOf(v, param, label, false);
      return n == null ? undefined : eq(column, n);
    },
    ui: (param) => ({ param, label, kind: "select", options: [] }),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The list declaration.

type Join = { table: PgTable; on: SQL; type?: "left" | "inner" };

export type ListDecl<S extends Selection> = {
  from: PgTable;
  /** The row: output name → column or SQL (row type inferred). Must include `id`. */
  select: S;
  joins?: Join[];
  /** A condition every request of this list has (e.g. live rows only, for a list without a trash view). */
  where?: SQL;
  id: AnyPgColumn;
  isActive?: AnyPgColumn;
  deletedAt?: AnyPgColumn;
  /** Columns matched by search_keyword (case-insensitive substring)... */
  search?: AnyPgColumn[];
  /** ...or one expression a trigram index covers (db/schema's *SearchText), so `ilike '%term%'` uses the index. */
  searchText?: SQL;
  /** ...and/or rows matched through other tables' trigram indexes (a request found by its customer's name). */
  searchThrough?: SearchThrough[];
  /** URL parameter → filter. `is_active` is added when the table has an active flag. */
  filters?: Record<string, ListFilter>;
  /** Whitelisted sorts: URL key (`sort=name`, `sort=-name`) → column. */
  sort?: Record<string, AnyPgColumn>;
  /** The sort when none is asked, e.g. "name" or "-created_at"; default newest first by id. */
  defaultSort?: string;
  /** Export columns, in the list's order (header and value per row). */
  export?: ExportColumn<RowOf<S>>[];
};

/** The export's first columns on every list with an active flag: Id and Status (Active / Inactive). */
export const idAndStatusColumns = <R extends { id: number; is_active: number }>(): ExportColumn<R>[] => [
  { header: "Id", field: "id" },
  { header: "Status", field: "is_active", labels: { 1: "Active" }, otherwise: "Inactive" },
];

/**
 * A search through another table: the list's rows whose `key` (a column of the list's table or of one of its joins)
 * is the `id` of a row whose `text` matches. `text` is the expression that table's trigram index is built on (e.g.
 * db/schema's usersSearchText), so the sub-select reads the index, never the other table whole.
 */
export type SearchThrough = { key: AnyPgColumn; id: AnyPgColumn; text: SQL };

/** A list declaration with its filters completed; see `defineList`. */
export type List<S extends Selection = Selection> = ListDecl<S> & { filters: Record<string, ListFilter> };

/** Declares a list: data only (select with joins, search, filters, sorts, trash, export columns). */
export function defineList<S extends Selection & { id: Field }>(decl: ListDecl<S>): List<S> {
  const filters: Record<string, ListFilter> = {};
  if (decl.isActive) filters.is_active = statusFilter(decl.isActive);
  Object.assign(filters, decl.filters);
  return { ...decl, filters };
}

/** The toolbar's filters, in declaration order; reference filters get their options from the page. */
export function filterBar<S extends Selection>(
  list: List<S> | undefined,
  options: Record<string, Option[]> = {},
  only?: string[],
): FilterUi[] {
  return Object.entries(list?.filters ?? {})
    .filter(([param]) => !only || only.includes(param))
    .map(([param, f]) => {
      const ui = f.ui(param);
      return options[param] ? { ...ui, options: options[param] } : ui;
    });
}

export type ListQuery = {
  page: number;
  rowsPerPage: number;
  search: string;
  trash: boolean;
  where: SQL[];
  sort: { key: string; column: AnyPgColumn; dir: "asc" | "desc" } | null;
  cursor: { v: unknown; id: number } | null;
  /** Keyset direction of `cursor`: the rows after it (`cursor=`) or before it (`before=`, the previous page). */
  direction: "after" | "before";
  /** The parameters as understood, for the toolbar and links (plain data). */
  sortParam: string | null;
};

const toInt = (v: string | undefined) => (v != null && /^\d{1,9}$/.test(v.trim()) ? Number(v) : null);

/** URL or query parameters → the list's query: whitelisted filters and sort, capped page size; 422 on bad values. */
export function parseListQuery<S extends Selection>(list: List<S>, raw: RawParams): ListQuery {
  // Digits of any length are a page (past 9 of them, one deep enough to be refused below); anything else is page 1.
  const pageRaw = rawParam(raw, "page")?.trim() ?? "";
  const page = /^\d+$/.test(pageRaw) ? Math.max(1, pageRaw.length > 9 ? 1e9 : Number(pageRaw)) : 1;
  let rowsPerPage = toInt(rawParam(raw, "rowsPerPage")) ?? DEFAULT_PAGE_SIZE;
  if (rowsPerPage < 1) rowsPerPage = DEFAULT_PAGE_SIZE;
  rowsPerPage = Math.min(rowsPerPage, MAX_PAGE_ROWS);
  const search = (rawParam(raw, "search_keyword") ?? "").trim().slice(0, 200);
  if (search.includes("\u0000"))
    throw invalid({ search_keyword: "The search may not contain a null character." });
  const trashParam = rawParam(raw, "show_deleted") ?? rawParam(raw, "open_trash");
  const where: SQL[] = [];
  for (const [param, f] of Object.entries(list.filters)) {
    const w = f.where(raw, param);
    if (w) where.push(w);
  }
  const sortParam = rawParam(raw, "sort")?.trim() || list.defaultSort || null;
  let sort: ListQuery["sort"] = null;
  if (sortParam) {
    const dir = sortParam.startsWith("-") ? "desc" : "asc";
    const key = sortParam.replace(/^-/, "");
    // A URL key indexes the whitelist: own keys only (`sort=__proto__` or `constructor` is no sort).
    const column = list.sort && Object.hasOwn(list.sort, key) ? list.sort[key] : undefined;
    if (!column) throw invalid({ sort: "The selected sort is invalid." });
    sort = { key, column, dir };
  }
  const afterRaw = rawParam(raw, "cursor");
  const beforeRaw = afterRaw ? undefined : rawParam(raw, "before");
  const column = sort?.column ?? null;
  const cursor = afterRaw
    ? decodeCursor(afterRaw, "cursor", column)
    : beforeRaw
      ? decodeCursor(beforeRaw, "before", column)
      : null;
  return {
    page,
    rowsPerPage,
    search,
    trash: !!list.deletedAt && (trashParam === "1" || trashParam === "true"),
    where,
    sort,
    cursor,
    direction: beforeRaw ? "before" : "after",
    sortParam: rawParam(raw, "sort")?.trim() || null,
  };
}

/** The 422 of a numbered page past the first OFFSET_PAGES_UP_TO rows. */
export const DEEP_PAGE_MESSAGE = `Numbered pages reach the first ${OFFSET_PAGES_UP_TO.toLocaleString("en-US")} rows; beyond them, use cursor (each answer's next_cursor).`;

/**
 * A cursor parameter → its sort value and id; 422 on anything else. The value must be one PostgreSQL accepts as the
 * sort column's type (castOf), or comparing with it would fail as a server error: a real calendar date, time or
 * timestamp; a finite number (an integer within the column's range for integer columns); text without NUL.
 */
function decodeCursor(raw: string, param: string, column: AnyPgColumn | null): { v: unknown; id: number } {
  const bad = () => invalid({ [param]: "The cursor is invalid." });
  // Our cursors are a few dozen characters; text values at most 500.
  if (raw.length > 1000) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, "base64url").toString("utf8"));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw bad();
  const [v, id] = parsed as [unknown, unknown];
  if (typeof id !== "number" || !Number.isInteger(id) || id < 0 || id > MAX_ID) throw bad();
  if (v !== null && !cursorValueFits(v, column)) throw bad();
  return { v, id };
}

const INT_RANGE: Record<string, number> = {
  PgSmallInt: 32_767,
  PgSmallSerial: 32_767,
  PgInteger: MAX_ID,
  PgSerial: MAX_ID,
};

/** Whether a cursor's (non-null) value is one of the sort column's type; without a sort the value is unused. */
function cursorValueFits(v: unknown, column: AnyPgColumn | null): boolean {
  if (typeof v === "string" && (v.length > 500 || v.includes("\u0000"))) return false;
  if (!column) return typeof v === "string" || (typeof v === "number" && Number.isFinite(v));
  const cast = castNameOf(column);
  if (cast === "numeric") {
    if (typeof v !== "number" || !Number.isFinite(v)) return false;
    const range = INT_RANGE[column.columnType];
    if (range != null) return Number.isInteger(v) && Math.abs(v) <= range + (v < 0 ? 1 : 0);
    if (/BigInt|BigSerial/.test(column.columnType)) return Number.isSafeInteger(v);
    // numeric, real, double: any finite value compares.
    return true;
  }
  if (cast === "boolean") return typeof v === "boolean";
  if (typeof v !== "string") return false;
  if (cast === "date") return validCalendarDate(v);
  if (cast === "time") return TIME.test(v);
  if (cast === "timestamptz") return validTimestamp(v);
  return true;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,6})?)?$/;
const TIMESTAMP =
  /^(\d{4}-\d{2}-\d{2})(?:[ T]([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,6})?)?)?(?:Z|[+-](?:0\d|1[0-5])(?::?[0-5]\d(?::[0-5]\d)?)?)?$/;

/** YYYY-MM-DD naming a real day (2026-02-31 is not one; PostgreSQL refuses it as a server error). */
function validCalendarDate(s: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = new Date(Date.UTC(y, mo - 1, d));
  return y >= 1 && t.getUTCFullYear() === y && t.getUTCMonth() === mo - 1 && t.getUTCDate() === d;
}

/** A timestamp as PostgreSQL writes one (`2026-11-26 12:00:00.123456+00`) or as ISO (`...T12:00:00.000Z`). */
function validTimestamp(s: string): boolean {
  const m = TIMESTAMP.exec(s);
  return !!m && validCalendarDate(m[1]);
}

/**
 * A search through another table that the planner expects to match at most this many of its rows is looked up by
 * those ids (an index of the list's table on the key serves them, or'ed with the list's own trigram index); more,
 * and each row the list reads is checked through the other table's primary key instead: the list's order then
 * finds a page of a common term after a few hundred rows, where reading its matches whole (or a trigram index's
 * long posting lists) would cost more the bigger the table.
 */
const THROUGH_IDS = 2000;

/** Per search through another table: the ids it matched (few), or null (many); see resolveSearch. */
type ThroughIds = (number[] | null)[];

/**
 * How a list's search is read, before its page: under row-level security the trigram indexes are asked which rows
 * match (lib/platform/search.ts), the list's own table (`own`, when it has a search text) and each table the search
 * reaches through, each once and all in one statement; then each search through another table the database's
 * lookup does not serve by the planner's estimate of its matches (EXPLAIN, nothing read), and for the rare ones their
 * ids (one statement, each sub-select stopping past THROUGH_IDS).
 */
async function resolveSearch(
  db: Executor,
  list: List<Selection>,
  search: string,
  own?: AnyPgColumn,
): Promise<{ through?: ThroughIds; own?: SearchIds; share?: number }> {
  const throughs = list.searchThrough ?? [];
  if (!search || (!own && !throughs.length)) return {};
  const term = searchPattern(search);
  const matching = (t: SearchThrough) =>
    sql`select ${t.id} as id from ${t.id.table} where ${ilike(t.text, term)}`;
  const out: ThroughIds = [];
  const rare: number[] = [];
  // Each table looked up once (a plan's customer and walker are both users), with the list's own, in one statement.
  const tables = [...new Set([...(own ? [own] : []), ...throughs.map((t) => t.id)])];
  const answers = await searchIdsOf(db, tables, search);
  const lookups = new Map(tables.map((id, i) => [id, answers[i].ids]));
  // The share of the list's rows the search matches, for its estimated count (searchEstimate): the matches of each
  // part too many to look up (a common name) as the share of its table the statistics give, the parts combined as
  // independent conditions (or'ed); undefined when a part has no share to give (its table not served, its ids not
  // looked up), and the planner estimates the count instead.
  let miss = 1;
  let shared = true;
  for (const a of answers)
    if (a.ids === null) {
      if (a.share === undefined) shared = false;
      else miss *= 1 - a.share;
    } else if (a.ids === undefined) shared = false;
  const share = shared ? 1 - miss : undefined;
  const ownIds = own ? lookups.get(own) : undefined;
  if (!throughs.length) return { own: ownIds, share };
  for (const [i, t] of throughs.entries()) {
    // A company-owned table: the database's lookup answers by the index (lib/platform/search.ts), where an ILIKE
    // under its policy could use neither the index nor the statistics.
    const looked = lookups.get(t.id);
    if (looked !== undefined) {
      out.push(looked);
      continue;
    }
    const estimate = planRows(await db.execute(sql`explain (format json) ${matching(t)}`));
    out.push(null);
    if (estimate <= THROUGH_IDS) rare.push(i);
  }
  if (!rare.length) return { through: out, own: ownIds, share };
  const arms = rare.map(
    (i) =>
      sql`(select ${sql.raw(String(i))} as i, id from (${matching(throughs[i])} limit ${sql.raw(String(THROUGH_IDS + 1))}) m)`,
  );
  const found = rowsOf<{ i: number; ids: number[] }>(
    await db.execute(
      sql`select i, array_agg(id) as ids from (${sql.join(arms, sql` union all `)}) a group by i`,
    ),
  );
  for (const i of rare) {
    const ids = (found.find((r) => Number(r.i) === i)?.ids ?? []).map(Number);
    out[i] = ids.length > THROUGH_IDS ? null : ids;
  }
  return { through: out, own: ownIds, share };
}

/**
 * The one place a list's search becomes SQL (case-insensitive substring): `ilike` on the list's search expression,
 * which its trigram index serves, or'ed with each search through another table (resolved: by the ids it matched,
 * or row by row through that table's primary key; unresolved, as an export reads everything: `key in (sub-select)`).
 * Lists over small tables may name plain columns instead (`search`), matched one by one.
 */
export function searchCondition(
  list: Pick<ListDecl<Selection>, "search" | "searchText" | "searchThrough"> & { id?: AnyPgColumn },
  search: string,
  resolved?: ThroughIds,
  found?: SearchIds,
): SQL | undefined {
  if (!search) return undefined;
  const term = searchPattern(search);
  const matches: SQL[] = [];
  if (list.searchText && list.id) matches.push(searchMatch(list.searchText, list.id, search, found));
  else if (list.searchText) matches.push(ilike(list.searchText, term));
  else if (list.search?.length) matches.push(...list.search.map((c) => ilike(sql`${c}::text`, term)));
  (list.searchThrough ?? []).forEach((t, i) => {
    const ids = resolved?.[i];
    if (ids === undefined)
      matches.push(
        sql`${t.key} in (select ${t.id} from ${t.id.table} where ${searchMatch(t.text, t.id, search)})`,
      );
    // A scalar sub-select, which the planner keeps row by row (an EXISTS it would turn into a join over every match).
    else if (ids === null)
      matches.push(ilike(sql`(select ${t.text} from ${t.id.table} where ${t.id} = ${t.key})`, term));
    // Integers read from the database, written as one array literal (not a parameter per id).
    else if (ids.length) matches.push(sql`${t.key} = any(${`{${ids.join(",")}}`}::int[])`);
  });
  return matches.length ? or(...matches) : sql`false`;
}

/** The WHERE of a list: scope, trash or live rows, filters, search. */
function whereOf(
  list: List<Selection>,
  q: ListQuery,
  scope: SQL | undefined,
  resolved?: ThroughIds,
  /** The search's matches in the list's own table, found beforehand (searchIds), when they were. */
  found?: SearchIds,
): SQL | undefined {
  const parts: (SQL | undefined)[] = [scope, list.where, ...q.where];
  if (list.deletedAt) parts.push(q.trash ? isNotNull(list.deletedAt) : isNull(list.deletedAt));
  parts.push(searchCondition(list, q.search, resolved, found));
  return and(...parts.filter(Boolean));
}

function base(
  db: Executor,
  list: List<Selection>,
  fields: Record<string, Field>,
  /** Counting: only the joins that can change which rows match (inner joins, and left joins the WHERE reads). */
  countOnly?: SQL,
) {
  let q = db
    .select(fields as Record<string, AnyPgColumn>)
    .from(list.from)
    .$dynamic();
  const joins = list.joins ?? [];
  const kept = countOnly ? countJoins(joins, countOnly) : new Set(joins);
  for (const j of joins) {
    if (!kept.has(j)) continue;
    q = j.type === "inner" ? q.innerJoin(j.table, j.on) : q.leftJoin(j.table, j.on);
  }
  return q;
}

/**
 * The joins a count needs: the inner ones, the left ones its conditions read, and the joins those read in turn (a
 * search on a pet's name reads the pet, whose join reads the plan, whose join reads the walk).
 */
function countJoins(joins: Join[], where: SQL): Set<Join> {
  const kept = new Set(joins.filter((j) => j.type === "inner" || mentions(where, getTableName(j.table))));
  for (let grew = true; grew;) {
    grew = false;
    for (const j of joins)
      if (!kept.has(j) && [...kept].some((k) => mentions(k.on, getTableName(j.table)))) {
        kept.add(j);
        grew = true;
      }
  }
  return kept;
}

/**
 * Whether an SQL expression reads a column of the named table (or alias). A list's left joins look up one row
 * each (a position's name, an upline's name): they never add or drop rows, so a count leaves out those its
 * conditions do not read.
 */
function mentions(expr: SQL, table: string): boolean {
  const stack: unknown[] = [expr];
  // An aliased table's getSQL() answers SQL holding the alias again: visit each object once.
  const seen = new Set<unknown>();
  while (stack.length) {
    const c = stack.pop();
    if (c && typeof c === "object") {
      if (seen.has(c)) continue;
      seen.add(c);
    }
    if (is(c, Column)) {
      if (getTableName(c.table) === table) return true;
    } else if (is(c, SQL)) stack.push(...c.queryChunks);
    else if (c && typeof c === "object" && "getSQL" in c && typeof c.getSQL === "function")
      stack.push((c as { getSQL: () => SQL }).getSQL());
    else if (Array.isArray(c)) stack.push(...c);
  }
  return false;
}

/** The type a cursor's value is cast to for comparing with its sort column (calendar dates travel as strings). */
function castNameOf(c: AnyPgColumn): "date" | "time" | "timestamptz" | "numeric" | "boolean" | "text" {
  if (c.columnType === "PgDateString") return "date";
  if (c.dataType === "boolean") return "boolean";
  if (c.columnType === "PgTime") return "time";
  if (c.dataType === "date") return "timestamptz";
  if (c.dataType === "number") return "numeric";
  return "text";
}
const castOf = (c: AnyPgColumn) => sql.raw(castNameOf(c));

/**
 * The rows after the cursor in the list's order. A nullable sort column needs its NULLs placed explicitly
 * (PostgreSQL sorts them last ascending and first descending; a row comparison with NULL matches nothing).
 */
function keysetAfter(q: ListQuery, list: List<Selection>): SQL | undefined {
  if (!q.cursor) return undefined;
  const dir = scanDir(q);
  const cmp = sql.raw(dir === "asc" ? ">" : "<");
  const id = list.id;
  if (!q.sort) return sql`${id} ${cmp} ${q.cursor.id}`;
  const col = q.sort.column;
  const v = q.cursor.v;
  if (col.notNull || (v != null && dir === "desc"))
    return sql`(${col}, ${id}) ${cmp} (${v}::${castOf(col)}, ${q.cursor.id})`;
  if (v == null)
    return dir === "asc"
      ? sql`(${col} is null and ${id} > ${q.cursor.id})`
      : sql`((${col} is null and ${id} < ${q.cursor.id}) or ${col} is not null)`;
  return sql`((${col}, ${id}) > (${v}::${castOf(col)}, ${q.cursor.id}) or ${col} is null)`;
}

/**
 * The direction rows are read in: the list's, or its reverse for the page before a cursor (read backwards, then
 * turned round). Flipping asc/desc also flips where NULLs go, so the reverse order is exactly the list's reversed.
 */
function scanDir(q: ListQuery): "asc" | "desc" {
  const dir = q.sort?.dir ?? "desc";
  if (q.direction !== "before" || !q.cursor) return dir;
  return dir === "asc" ? "desc" : "asc";
}

function orderOf(q: ListQuery, list: List<Selection>) {
  const dir = scanDir(q);
  const by = dir === "asc" ? asc : desc;
  return q.sort ? [by(q.sort.column), by(list.id)] : [by(list.id)];
}

/** The sort value a cursor carries; timestamps as PostgreSQL's text, which keeps their microseconds. */
function sortKey(q: ListQuery): Record<string, Field> {
  if (!q.sort) return {};
  return { __k: q.sort.column.dataType === "date" ? sql`${q.sort.column}::text` : q.sort.column };
}

function cursorOf(row: Record<string, unknown>): string {
  const v = row.__k instanceof Date ? row.__k.toISOString() : (row.__k ?? null);
  return Buffer.from(JSON.stringify([v, row.__id])).toString("base64url");
}

/**
 * A list's answer: the page's rows, the count (estimated above EXACT_COUNT_LIMIT), and the keyset cursors of the
 * pages after (`next_cursor`, when this page is full) and before (`prev_cursor`, on any page past the first).
 */
export type ListResult<Row> = {
  data: Row[];
  count: number;
  count_estimated: boolean;
  next_cursor: string | null;
  prev_cursor: string | null;
};

/**
 * Runs a list: numbered pages (OFFSET) for the first pages, keyset pages when a `cursor` (rows after it) or
 * `before` (rows before it) is sent.
 *
 * The count: without a search, exact while small and the planner's estimate beyond EXACT_COUNT_LIMIT; it rides in
 * the page's own statement (an uncorrelated sub-select the planner runs once), so a list costs one round trip, two
 * only when it is big enough to need the estimate. With a search, counting even 10,000 matches means testing the
 * search on every row until that many match (100 ms and more on a million rows for a term of middling frequency),
 * so a search is exact only when its page is not full (the rows are all there is) and otherwise the planner's
 * estimate, planned beside the page read.
 */
export async function runListQuery<S extends Selection>(
  db: Executor,
  list: List<S>,
  q: ListQuery,
  scope: SQL | undefined,
): Promise<ListResult<RowOf<S>>> {
  // Numbered pages reach as deep as the portal's pager numbers them; beyond, OFFSET would read and drop every row
  // before the page (page=19999 of 200k rows: 1.4 s), so the keyset cursor is the way on. (Exports read from the
  // start whatever the page, so only a page read checks this.)
  if (!q.cursor && (q.page - 1) * q.rowsPerPage > OFFSET_PAGES_UP_TO)
    throw invalid({ page: DEEP_PAGE_MESSAGE });
  const l = list as unknown as List<Selection>;
  // Under row-level security a search first asks the trigram indexes which rows match (resolveSearch), with, for a
  // term too common to look up, its share of the company's rows (searchEstimate), in the same round trip.
  const {
    through: resolved,
    own: found,
    share,
  } = await resolveSearch(db, l, q.search, l.searchText ? l.id : undefined);
  const where = whereOf(l, q, scope, resolved, found);
  // A list that counted past EXACT_COUNT_LIMIT the last time (the same table and conditions: a big company's page 1,
  // its cursor pages) plans its estimate while the page is read, and leaves the bounded count out of the page: the
  // count is the estimate, unless that says the list is near the limit (then it is counted after all).
  const bigKey = q.search ? null : countKey(l, where);
  const early = bigKey && countedBig(bigKey) ? estimateOf(db, l, where) : null;
  early?.catch(() => {}); // the page's failure, if any, is the one reported
  // A search is counted by the planner, unless its matches were all found beforehand (at most SEARCH_IDS_CAP ids,
  // and no search through another table that is read row by row): then the bounded count in the page's statement
  // is exact and reads only those rows, and no estimate is planned on a second connection. Anything else: the
  // bounded count.
  const estimated = !!q.search && !foundAll(found, resolved);
  const fields = {
    ...list.select,
    __id: list.id,
    ...sortKey(q),
    ...(estimated || early
      ? {}
      : {
          __n: sql<number>`(select count(*) from (${boundedCount(db, l, where)}) as bounded)`.mapWith(Number),
        }),
  };
  const firstPage = !q.cursor && q.page <= 1;
  // A search's estimate is planned while the page is read (a second connection): still one round trip of waiting.
  const estimate = estimated ? searchEstimate(db, l, q, scope, where, share) : null;
  // One row more than the page tells whether another page follows (in the reading direction).
  const page = (ex: Executor) => {
    const query = base(ex, l, fields)
      .where(and(where, keysetAfter(q, l)))
      .orderBy(...orderOf(q, l))
      .limit(q.rowsPerPage + 1);
    return q.cursor ? query : query.offset((q.page - 1) * q.rowsPerPage);
  };
  const rows = (await inJoinOrder(db, l, page)) as Record<string, unknown>[];
  const more = rows.length > q.rowsPerPage;
  if (more) rows.pop();
  const backwards = q.direction === "before" && !!q.cursor;
  if (backwards) rows.reverse();
  // Reading backwards, the page after is the one the cursor came from; forwards, the extra row says so.
  const next_cursor = rows.length && (backwards || more) ? cursorOf(rows[rows.length - 1]) : null;
  const prev_cursor = rows.length && (backwards ? more : !firstPage) ? cursorOf(rows[0]) : null;
  const counted = rows[0]?.__n;
  for (const r of rows) {
    delete r.__id;
    delete r.__k;
    delete r.__n;
  }
  const answer = (count: number, estimated: boolean): ListResult<RowOf<S>> => ({
    data: rows as RowOf<S>[],
    count,
    count_estimated: estimated,
    next_cursor,
    prev_cursor,
  });

  if (estimate) {
    const planned = await estimate;
    // A numbered page that is not full (and not past the end) knows the count exactly.
    if (!q.cursor && !more && (rows.length || firstPage))
      return answer((q.page - 1) * q.rowsPerPage + rows.length, false);
    const seen = (q.cursor ? 0 : (q.page - 1) * q.rowsPerPage) + rows.length + (more ? 1 : 0);
    return answer(Math.max(planned, seen), true);
  }
  if (early) {
    const planned = await early;
    if (planned >= 2 * EXACT_COUNT_LIMIT) {
      const seen = (q.cursor ? 0 : (q.page - 1) * q.rowsPerPage) + rows.length + (more ? 1 : 0);
      return answer(Math.max(planned, seen, EXACT_COUNT_LIMIT + 1), true);
    }
  }
  // An empty page past the start (beyond the end, or a cursor at the end) carries no count: ask for it; nor does a
  // page read without its count (above) whose estimate came back near the limit.
  let bounded: number;
  if (rows.length && !early) bounded = Number(counted);
  else if (firstPage && !rows.length) bounded = 0;
  else {
    const [{ n }] = await db.select({ n: count() }).from(boundedCount(db, l, where).as("bounded"));
    bounded = Number(n);
  }
  if (bigKey) noteCount(bigKey, bounded > EXACT_COUNT_LIMIT);
  if (bounded <= EXACT_COUNT_LIMIT) return answer(bounded, false);
  return answer(Math.max(await (early ?? estimateOf(db, l, where)), EXACT_COUNT_LIMIT + 1), true);
}

/**
 * Whether a search's matches are all in hand as ids: its own table's found beforehand (searchIds answered a list),
 * and every search through another table resolved to ids too (or none declared).
 */
function foundAll(found: SearchIds, resolved: ThroughIds | undefined): boolean {
  return Array.isArray(found) && (resolved ?? []).every((ids) => Array.isArray(ids));
}

/**
 * The lists (table and conditions, the company's included) whose bounded count passed EXACT_COUNT_LIMIT within the
 * last BIG_FOR_MS: their pages are answered with the planner's estimate, planned while the page is read, and read no
 * bounded count (10,001 index entries a request). Counted again once it is older, or when the estimate falls near
 * the limit, so a list that shrank is exact again within a minute.
 */
const bigLists = new Map<string, number>();
const BIG_LISTS_KEPT = 1000;
const BIG_FOR_MS = 60_000;
const listDialect = new PgDialect();

function countKey(list: List<Selection>, where: SQL | undefined): string | null {
  if (!where) return getTableName(list.from);
  try {
    const { sql: text, params } = listDialect.sqlToQuery(where);
    return `${getTableName(list.from)}\u0000${text}\u0000${JSON.stringify(params)}`;
  } catch {
    return null;
  }
}

function countedBig(key: string): boolean {
  const at = bigLists.get(key);
  return at != null && Date.now() - at < BIG_FOR_MS;
}

function noteCount(key: string, big: boolean) {
  if (!big) {
    bigLists.delete(key);
    return;
  }
  bigLists.delete(key);
  bigLists.set(key, Date.now());
  // The oldest noted first out (a Map keeps insertion order).
  if (bigLists.size > BIG_LISTS_KEPT) bigLists.delete(bigLists.keys().next().value!);
}

/** A list with this many joins or more plans its page in the order the joins are written (see inJoinOrder). */
const JOINS_AS_WRITTEN = { join_collapse_limit: "1", enable_material: "off", enable_seqscan: "off" };

const JOIN_ORDER_FROM = 6;

/**
 * Reads a list's page with its joins taken in the order written (join_collapse_limit 1, for this transaction only):
 * a list's joins look up one row each for the row the list's index found (a name, a zone), so no other order is
 * better, and searching all orders of seven joins took the monthly requests page 35-50 ms of planning for 1-2 ms
 * of execution (1.3 ms of planning in written order). And each lookup by its key, never a whole table materialised
 * and filtered per row (enable_material off): when a search's filter makes the page's scan look dear, the planner
 * holds such plans equal and took the one that read all 20k franchisees (monthly requests, "iyengar": 55 -> 17 ms).
 * Nor a lookup table read whole once per row (enable_seqscan off, so a join's key finds its row by index): under
 * row-level security the planner counts a company's franchisees at 299 where Happy Paws has 20,003, and with the
 * page's rows estimated at 1 it scanned them all for each of the 11 rows (monthly requests at 1M users: the page
 * statement 35 -> 6.9 ms). Lists with fewer joins plan quickly: read as they are. The settings ride with the
 * statement on its connection, in its round trip (withPlannerSettings; a transaction on PGlite).
 */
async function inJoinOrder<T>(
  db: Executor,
  list: List<Selection>,
  read: (ex: Executor) => Promise<T>,
): Promise<T> {
  if ((list.joins?.length ?? 0) < JOIN_ORDER_FROM) return read(db);
  return withPlannerSettings(db, JOINS_AS_WRITTEN, read);
}

/** The list's rows counted up to one past EXACT_COUNT_LIMIT: a bounded scan, however big the company. */
function boundedCount(db: Executor, list: List<Selection>, where: SQL | undefined) {
  return base(db, list, { one: sql`1` }, where ?? sql``)
    .where(where)
    .limit(EXACT_COUNT_LIMIT + 1);
}

/**
 * A search's count when its matches are too many to count: the planner's estimate. Under row-level security the
 * list's own EXPLAIN cannot read the search expression's statistics (ILIKE is not leakproof) and answers PostgreSQL's
 * default guess whatever the term ("about 94" for a surname 31,443 customers carry, at 1M users). A common term in
 * the list's own table is therefore estimated as the share of the company's rows it matches (`share`: app_search_share,
 * with the statistics, read with the lookup) times the list's rows without the search; anything else as before.
 */
async function searchEstimate(
  db: Executor,
  list: List<Selection>,
  q: ListQuery,
  scope: SQL | undefined,
  where: SQL | undefined,
  share: number | undefined,
): Promise<number> {
  // (`share` comes only when a part of the search was too common to look up, and each such part's table gave one.)
  if (share !== undefined)
    return Math.round(
      share * (await unsearchedEstimate(db, list, whereOf(list, { ...q, search: "" }, scope))),
    );
  return estimateOf(db, list, where);
}

/**
 * The list's estimate without its search (the same table and conditions), remembered for BIG_FOR_MS: a user typing
 * or paging through a common term plans it once, not on every request (it moves with the table's statistics, as
 * policyShare's does). The most recent BIG_LISTS_KEPT are kept.
 */
const unsearched = new Map<string, { at: number; rows: number }>();
async function unsearchedEstimate(
  db: Executor,
  list: List<Selection>,
  where: SQL | undefined,
): Promise<number> {
  const key = countKey(list, where);
  const hit = key ? unsearched.get(key) : undefined;
  if (hit && Date.now() - hit.at < BIG_FOR_MS) return hit.rows;
  const rows = await estimateOf(db, list, where);
  if (key) {
    unsearched.delete(key);
    unsearched.set(key, { at: Date.now(), rows });
    if (unsearched.size > BIG_LISTS_KEPT) unsearched.delete(unsearched.keys().next().value!);
  }
  return rows;
}

/** The planner's row estimate for the list's filters (EXPLAIN plans the query; nothing is read). */
async function estimateOf(db: Executor, list: List<Selection>, where: SQL | undefined): Promise<number> {
  const [plan, share] = await Promise.all([
    db.execute(
      sql`explain (format json) ${base(db, list, { one: sql`1` }, where ?? sql``)
        .where(where)
        .getSQL()}`,
    ),
    policyShare(db, list.from),
  ]);
  return Math.round(planRows(plan) / share);
}

/**
 * Row-level security (lib/platform/rls.ts) adds its policy's condition to every plan, and the planner, not knowing
 * the company it compares with, counts it as one more filter (about 1/companies of the rows): an estimate would
 * shrink by that much although the list's own filters already keep to one company. The share the planner gives
 * the policy alone (a bare read of the table against its row count) is divided back out. Cached per table for a
 * minute: it moves only with the table's statistics.
 */
const shares = new Map<PgTable, { at: number; share: number }>();
async function policyShare(db: Executor, table: PgTable): Promise<number> {
  const hit = shares.get(table);
  if (hit && Date.now() - hit.at < 60_000) return hit.share;
  const [bare, stats] = await Promise.all([
    db.execute(sql`explain (format json) select 1 from ${table}`),
    db.execute(sql`select reltuples::float8 as n from pg_class where oid = ${getTableName(table)}::regclass`),
  ]);
  const total = Number(
    (Array.isArray(stats) ? stats : (stats as { rows: { n: number }[] }).rows)[0]?.n ?? -1,
  );
  const planned = planRows(bare);
  const share = total > 0 && planned > 0 ? Math.min(1, planned / total) : 1;
  shares.set(table, { at: Date.now(), share });
  return share;
}

function planRows(result: unknown): number {
  const rows = Array.isArray(result) ? result : ((result as { rows?: unknown[] }).rows ?? []);
  const first = rows[0] as Record<string, unknown> | undefined;
  let cell = first ? Object.values(first)[0] : undefined;
  if (typeof cell === "string") cell = JSON.parse(cell);
  const plan = (cell as { Plan?: { "Plan Rows"?: number } }[] | undefined)?.[0]?.Plan;
  return Math.round(plan?.["Plan Rows"] ?? 0);
}

/**
 * Every row of a list in the list's order, as keyset batches (exports keep memory flat). The next batch's query
 * runs while the caller works on this one. Batches, not rows: each step through an async generator costs promises,
 * which Next's request context makes dear; an export moves a million rows through several.
 */
export async function* iterateListBatches<S extends Selection>(
  db: Executor,
  list: List<S>,
  q: ListQuery,
  scope: SQL | undefined,
  batch = 1000,
): AsyncGenerator<RowOf<S>[]> {
  // An export reads forwards from the start (or from an after-cursor), whatever page the screen was on.
  const fetch = (cursor: ListQuery["cursor"]) =>
    runBatch(
      db,
      list as unknown as List<Selection>,
      { ...q, cursor, direction: "after", rowsPerPage: batch },
      scope,
    );
  let next: ReturnType<typeof fetch> | null = fetch(q.direction === "before" ? null : q.cursor);
  try {
    while (next) {
      const page: Awaited<ReturnType<typeof fetch>> = await next;
      next = page.last ? fetch(page.last) : null;
      if (page.rows.length) yield page.rows as RowOf<S>[];
    }
  } finally {
    // Stopped early (the client went away): the batch in flight is dropped.
    next?.catch(() => {});
  }
}

/**
 * One row by its id through the list's select and joins (all its fields, or those asked, which may read any joined
 * table): an item's detail names what its list row names, without a second set of joins.
 */
export async function listRowById<S extends Selection, F extends Selection = S>(
  db: Executor,
  list: List<S>,
  id: number,
  fields?: F,
): Promise<RowOf<F> | undefined> {
  const l = list as unknown as List<Selection>;
  const [row] = await base(db, l, fields ?? l.select)
    .where(eq(l.id, id))
    .limit(1);
  return row as RowOf<F> | undefined;
}

/**
 * The whole list in its order as one statement, for an export worker reading it through a cursor
 * (lib/platform/export-worker.mjs): no page, no keyset; the keys are the row's field names in column order, the
 * dates those of them drizzle reads as Date.
 */
export function listStatement<S extends Selection>(
  db: Executor,
  list: List<S>,
  q: ListQuery,
  scope: SQL | undefined,
): { sql: string; params: unknown[]; keys: string[]; dates: string[] } {
  const l = list as unknown as List<Selection>;
  // An export reads forwards from the start (or from an after-cursor), whatever page the screen was on.
  const from: ListQuery = { ...q, direction: "after", cursor: q.direction === "before" ? null : q.cursor };
  const query = base(db, l, l.select)
    .where(and(whereOf(l, from, scope), keysetAfter(from, l)))
    .orderBy(...orderOf(from, l));
  const { sql: text, params } = query.toSQL();
  const keys = Object.keys(l.select);
  // Timestamp columns in drizzle's date mode: the worker reads them as Date, as drizzle does.
  const dates = keys.filter((k) => is(l.select[k], PgTimestamp));
  return { sql: text, params, keys, dates };
}

async function runBatch(db: Executor, list: List<Selection>, q: ListQuery, scope: SQL | undefined) {
  const fields: Selection = { ...list.select, __id: list.id, ...sortKey(q) };
  const query = base(db, list, fields)
    .where(and(whereOf(list, q, scope), keysetAfter(q, list)))
    .orderBy(...orderOf(q, list))
    .limit(q.rowsPerPage);
  const arrays = await selectArrays(db, query);
  const rows = arrays ? mapArrays(fields, arrays) : ((await query) as Record<string, unknown>[]);
  const lastRow = rows.length === q.rowsPerPage ? rows[rows.length - 1] : undefined;
  const last = lastRow
    ? {
        v: lastRow.__k instanceof Date ? lastRow.__k.toISOString() : (lastRow.__k ?? null),
        id: Number(lastRow.__id),
      }
    : null;
  for (const r of rows) {
    delete r.__id;
    delete r.__k;
  }
  return { rows, last };
}

/** Rows as arrays → objects keyed like the selection, each value through its column's (or expression's) decoder. */
function mapArrays(fields: Selection, arrays: unknown[][]): Record<string, unknown>[] {
  const keys = Object.keys(fields);
  const decode = keys.map((k): ((v: unknown) => unknown) => {
    const f = fields[k] as unknown;
    if (is(f, Column)) return (v) => f.mapFromDriverValue(v);
    // An expression's decoder (.mapWith()) is internal to drizzle; its default passes the value through.
    const expr = is(f, SQL.Aliased) ? f.sql : is(f, SQL) ? f : null;
    const decoder = (expr as unknown as { decoder?: { mapFromDriverValue(v: unknown): unknown } } | null)
      ?.decoder;
    return decoder ? (v) => decoder.mapFromDriverValue(v) : (v) => v;
  });
  return arrays.map((a) => {
    const o: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) o[keys[i]] = a[i] == null ? null : decode[i](a[i]);
    return o;
  });
}
