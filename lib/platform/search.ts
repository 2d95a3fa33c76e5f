import { getTableColumns, getTableName, ilike, sql, type SQL } from "drizzle-orm";
import { getTableConfig, type AnyPgColumn, type PgTable } from "drizzle-orm/pg-core";
import { rowsOf, type Executor } from "./db";

/** A search term as a case-insensitive substring pattern (`%term%`, with LIKE's own characters escaped). */
export const searchPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * How many matches a search looks up by its index beforehand (searchIds); a term matching more rows of the
 * company is common enough for the page to fill from the list's own order.
 */
export const SEARCH_IDS_CAP = 1000;

/** A search's matching ids, found beforehand; null when more than SEARCH_IDS_CAP match; undefined when not asked. */
export type SearchIds = number[] | null | undefined;

/**
 * Whether the database's lookup serves this table: company-owned (row-level security) and with a trigram search
 * index (`…_search_idx`, which app_search_ids reads). A list whose search spans its joins (no such index on its own
 * table) keeps its plain ILIKE.
 */
const served = new WeakMap<PgTable, boolean>();
function rlsTable(id: AnyPgColumn): boolean {
  const table = id.table as PgTable;
  let hit = served.get(table);
  if (hit === undefined) {
    hit =
      "company_id" in getTableColumns(table) &&
      getTableConfig(table).indexes.some((i) => i.config.name?.endsWith("_search_idx"));
    served.set(table, hit);
  }
  return hit;
}
const tableOf = (id: AnyPgColumn) => getTableName(id.table as PgTable);

/**
 * The ids of the acting company's rows whose search expression contains `term`, by the table's trigram index
 * (`<table>_search_idx`): up to SEARCH_IDS_CAP of them, or null when there are more. Undefined for a table without
 * row-level security, where the statement's own ILIKE reads the index.
 *
 * Why: on a company-owned table (row-level security, db/migrations/0026_row_level_security.sql) `text ILIKE …`
 * cannot use the index, nor the expression's statistics (ILIKE and || are not LEAKPROOF, so PostgreSQL applies the
 * policy to every row first and estimates the term blind): a rare term read every row of the company. The
 * database's app_search_ids (security definer) answers, by the index, only ids of rows the policies let the caller
 * read; the list's statement then reads those rows by their primary key, under the policies.
 */
export async function searchIds(db: Executor, id: AnyPgColumn, term: string): Promise<SearchIds> {
  return (await searchIdsOf(db, [id], term, false))[0].ids;
}

/**
 * searchIds for several tables (a list's own and those its search reaches through), in one statement: one round trip
 * on one connection, where a statement each took a connection each. Each column's answer in its place, with, when
 * its matches are too many to look up (ids null) and `withShare`, the share (0-1) of the acting company's rows whose
 * search expression contains `term`, as the table's statistics estimate it (app_search_share,
 * db/migrations/0034_search_share.sql: planned by the function's owner, nothing read; undefined when the database
 * cannot tell). app_search_ids is volatile: the sub-select runs each once, and a share is planned only for a lookup
 * that answered NULL.
 */
export async function searchIdsOf(
  db: Executor,
  ids: AnyPgColumn[],
  term: string,
  withShare = true,
): Promise<{ ids: SearchIds; share?: number }[]> {
  const looked = [...new Set(ids.filter(rlsTable))];
  if (!looked.length) return ids.map(() => ({ ids: undefined }));
  const pattern = searchPattern(term);
  const name = (i: number) => sql.raw(`ids${i}`);
  const lookups = sql.join(
    looked.map(
      (id, i) => sql`app_search_ids(${tableOf(id)}::regclass, ${pattern}, ${SEARCH_IDS_CAP}) as ${name(i)}`,
    ),
    sql`, `,
  );
  const shares = sql.join(
    looked.map(
      (id, i) =>
        sql`${name(i)}, case when ${name(i)} is null then app_search_share(${tableOf(id)}::regclass, ${pattern}) end as ${sql.raw(`share${i}`)}`,
    ),
    sql`, `,
  );
  const [row] = rowsOf<Record<string, number[] | string | null>>(
    await db.execute(
      withShare ? sql`select ${shares} from (select ${lookups}) as found` : sql`select ${lookups}`,
    ),
  );
  return ids.map((id) => {
    const i = looked.indexOf(id);
    if (i < 0) return { ids: undefined };
    const share = Number(row?.[`share${i}`] ?? NaN);
    return {
      ids: parseIds((row?.[`ids${i}`] as number[] | string | null) ?? null),
      share: Number.isFinite(share) ? share : undefined,
    };
  });
}

/** postgres.js answers an int[] as numbers; PGlite may answer its text form. */
function parseIds(ids: number[] | string | null): number[] | null {
  if (ids == null) return null;
  if (typeof ids === "string") return ids.replace(/[{}]/g, "").split(",").filter(Boolean).map(Number);
  return ids.map(Number);
}

/**
 * The rows whose search expression (`text`, db/schema's *SearchText, which the table's trigram index is built
 * on) contains `term`, case-insensitively: the one way a search reaches its index.
 *
 * - matches found beforehand (`found`, searchIds): those rows, by primary key;
 * - more than SEARCH_IDS_CAP of them (`found` null): the plain ILIKE, tested on the rows in the list's order (a
 *   common term fills a page quickly);
 * - not looked up (a statement built in one go: an export, a picker): all matching ids from app_search_ids in the
 *   statement itself;
 * - a table without row-level security: the plain ILIKE, which reads the index.
 */
export function searchMatch(text: SQL, id: AnyPgColumn, term: string, found?: SearchIds): SQL {
  const pattern = searchPattern(term);
  if (!rlsTable(id) || found === null) return ilike(text, pattern);
  // One array parameter, not a list of them: planning 481 separate parameters took 15 ms, one array 1 ms.
  if (found) return found.length ? sql`${id} = any(${`{${found.join(",")}}`}::int[])` : sql`false`;
  return sql`${id} = any(((select app_search_ids(${tableOf(id)}::regclass, ${pattern}, null)))::int[])`;
}
