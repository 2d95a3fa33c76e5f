import "server-only";
import { and, isNull, ne, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Executor, Tx } from "./db";

/**
 * Makes saves under one key (and scope, e.g. a company) run one at a time, with a transaction-scoped advisory
 * lock: for rules the schema has no index for, such as "names are unique among live rows", two saves must not
 * both pass the check.
 */
export async function lockSaves(tx: Tx, key: string, scopeId = 0): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}), ${scopeId}::int)`);
}

type Named = { table: PgTable; id: AnyPgColumn; name: AnyPgColumn; deletedAt: AnyPgColumn };

/** Whether a live row within `scope` already has this name, compared case-insensitively (call under lockSaves). */
export async function liveNameTaken(
  tx: Executor,
  t: Named,
  name: string,
  o: { scope?: SQL; exceptId?: number } = {},
): Promise<boolean> {
  const [hit] = await tx
    .select({ id: t.id })
    .from(t.table)
    .where(
      and(
        isNull(t.deletedAt),
        sql`lower(${t.name}) = ${name.toLowerCase()}`,
        o.exceptId != null ? ne(t.id, o.exceptId) : undefined,
        o.scope,
      ),
    )
    .limit(1);
  return !!hit;
}
