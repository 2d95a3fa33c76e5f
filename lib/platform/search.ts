import { getTableColumns, getTableName, ilike, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";

/** A search term as a case-insensitive substring pattern (`%term%`, with LIKE's own characters escaped). */
export const searchPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The rows whose search expression (`text`, db/schema's *SearchText, which the table's trigram index
 * `<table>_search_idx` is built on) contains `term`, case-insensitively: the one way a search reaches its index.
 *
 * On a company-owned table (row-level security, db/migrations/0024_row_level_security.sql) `text ILIKE …` cannot
 * use the index (ILIKE and || are not LEAKPROOF, so PostgreSQL applies the policy to every row first): the match is
 * `id in (select app_search_ids(table, pattern))`, a security-definer function that answers, by the index, only the
 * ids of the acting company's matching rows; the statement still reads the rows under the policies. Elsewhere (a
 * table without company_id, no policy) the plain `ILIKE`.
 */
export function searchMatch(text: SQL, id: AnyPgColumn, term: string): SQL {
  const table = id.table as PgTable;
  const pattern = searchPattern(term);
  if (!("company_id" in getTableColumns(table))) return ilike(text, pattern);
  return sql`${id} in (select app_search_ids(${getTableName(table)}::regclass, ${pattern}))`;
}
