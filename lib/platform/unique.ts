import "server-only";
import { sql } from "drizzle-orm";
import type { Tx } from "./db";

/**
 * Makes saves under one key (and scope, e.g. a company) run one at a time, with a transaction-scoped advisory
 * lock: for rules the schema has no index for, such as "names are unique among live rows", two saves must not
 * both pass the check.
 */
export async function lockSaves(tx: Tx, key: string, scopeId = 0): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}), ${scopeId}::int)`);
}
