import "server-only";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { valueLists, values } from "@/db/schema";
import { requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor } from "@/lib/platform/db";
import { zoneFilter } from "@/lib/platform/entity";

/**
 * The master values whose rows the franchise network reads (as services read "SERVICE TYPES"): a franchisee's and a
 * master franchisee's zones, a plan's tier. lib/seed/demo-operations.ts seeds them under these names.
 */
export const ZONES_VALUE = "ZONES";
export const PLAN_TIERS_VALUE = "PLAN TIERS";

export type MasterRow = { id: number; description: string };

/** The company's rows of the master value `name`: live, active value-list rows of the live master of that name. */
function masterWhere(companyId: number, name: string) {
  return and(
    eq(valueLists.company_id, companyId),
    isNull(valueLists.deleted_at),
    eq(valueLists.is_active, 1),
    eq(values.name, name),
    isNull(values.deleted_at),
  );
}

/**
 * The rows a form offers for the master value `name` (e.g. ZONES_VALUE), by description. A MASTER FRANCHISEE is
 * offered only their own zones (spec 002 §6: their lookups stay inside their zones, as their records do).
 */
export async function masterRows(ctx: Ctx, name: string): Promise<MasterRow[]> {
  const db = await getDb();
  return db
    .select({ id: valueLists.id, description: valueLists.description })
    .from(valueLists)
    .innerJoin(values, eq(values.id, valueLists.value_id))
    .where(
      and(
        masterWhere(requireCompany(ctx), name),
        name === ZONES_VALUE ? zoneFilter(ctx, valueLists.id) : undefined,
      ),
    )
    .orderBy(asc(valueLists.description), asc(valueLists.id));
}

/**
 * The rows offered plus the record's own current ones no longer offered (deactivated or deleted since), so an edit
 * form shows them and a save that keeps them passes (as serviceMastersWith does for service types).
 */
export async function masterRowsWith(
  ctx: Ctx,
  name: string,
  current: number | null | readonly number[],
): Promise<MasterRow[]> {
  const rows = await masterRows(ctx, name);
  const wanted = (current == null ? [] : typeof current === "number" ? [current] : [...current]).filter(
    (id) => !rows.some((r) => r.id === id),
  );
  if (wanted.length === 0) return rows;
  const db = await getDb();
  const own = await db
    .select({ id: valueLists.id, description: valueLists.description })
    .from(valueLists)
    .where(and(inArray(valueLists.id, wanted), eq(valueLists.company_id, requireCompany(ctx))));
  return [...rows, ...own];
}

/** Whether `id` is one of the company's offered rows of the master value `name` (a save's check). */
export async function checkMasterRow(tx: Executor, ctx: Ctx, name: string, id: number): Promise<boolean> {
  const [hit] = await tx
    .select({ id: valueLists.id })
    .from(valueLists)
    .innerJoin(values, eq(values.id, valueLists.value_id))
    .where(and(eq(valueLists.id, id), masterWhere(requireCompany(ctx), name)))
    .limit(1);
  return hit != null;
}
