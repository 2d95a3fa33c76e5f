import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { companyFigures } from "@/db/schema";
import type { Executor } from "./db";

/**
 * Figures kept per company and franchisee (db/schema companyFigures), written by triggers on the counted tables in
 * the writing transaction: a statistic card or a home's figure reads a few rows by primary key instead of counting
 * its table. `franchiseeId` null reads the company's whole figures; a franchisee's, only theirs. A figure never
 * written reads 0. To keep a new figure: a trigger calling bump_company_figure (see migration
 * 0021_search_indexes_and_figures) and its backfill, in a migration.
 */
export async function readFigures<K extends string>(
  db: Executor,
  companyId: number,
  franchiseeId: number | null,
  names: readonly K[],
): Promise<Record<K, number>> {
  const rows = await db
    .select({ figure: companyFigures.figure, value: companyFigures.value })
    .from(companyFigures)
    .where(
      and(
        eq(companyFigures.company_id, companyId),
        eq(companyFigures.franchisee_id, franchiseeId ?? 0),
        inArray(companyFigures.figure, [...names]),
      ),
    );
  const out = Object.fromEntries(names.map((n) => [n, 0])) as Record<K, number>;
  for (const r of rows) out[r.figure as K] = Number(r.value);
  return out;
}
