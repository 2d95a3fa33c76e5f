import "server-only";
import { and, asc, eq, gte, inArray, isNull, lte } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import { outlets, pjpOutlets, pjpReferenceOutlets, pjpReferences, pjps } from "@/db/schema";
import { isUserOfCompany, USER_LOOKUP_MESSAGES } from "@/lib/operations/users-lookup";
import { authorize, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor, type Tx } from "@/lib/platform/db";
import { invalid, zodFieldErrors } from "@/lib/platform/errors";
import { requiredId } from "@/lib/platform/schemas";
import { pickableOutlet } from "./pjp-masters";
import { insertPjps, lockUserPjps, monthYear, pjpKey, pjpKeysOf, type NewPjp } from "./pjps";
import { datesOfMonth, previousMonth, sameWeekdayIn, weekdayOf, weekParity } from "./week-parity";

/**
 * The two copies of the PJP list's toolbar (spec 001 §2, §7 POST pjps/copy_pjp_from_reference and
 * copy_pjp_from_prev_month). Both take { user_id, month_year }, where month_year is the month PJPs are made IN
 * (for the previous-month copy the month before it is the source). Both run in one transaction, one copy of a
 * user at a time, and are idempotent: a PJP the user already has on that date with that name (case-insensitive)
 * is not made again but counted as skipped. A planned PJP none of whose outlets is still a live, active outlet of
 * the company is skipped too (a PJP visits at least one outlet).
 */

export const copyPjpSchema = z.object({ user_id: requiredId("user"), month_year: monthYear });
export type CopyPjpInput = z.input<typeof copyPjpSchema>;
export type CopyResult = { created: number; skipped: number };

/** What the copy screens and calls report. */
export const copyMessage = ({ created, skipped }: CopyResult) =>
  `${created} ${created === 1 ? "PJP" : "PJPs"} created, ${skipped} skipped`;

const monthRange = (month: string) => {
  const dates = datesOfMonth(month);
  return { first: dates[0], last: dates[dates.length - 1], dates };
};

/** Parses the body and runs `plan` → create in one transaction, after the permission and the user check. */
async function copy(
  ctx: Ctx,
  raw: unknown,
  plan: (tx: Tx, companyId: number, input: z.output<typeof copyPjpSchema>) => Promise<NewPjp[]>,
): Promise<CopyResult> {
  authorize(ctx, "pjps.copy");
  const companyId = requireCompany(ctx);
  const parsed = copyPjpSchema.safeParse(raw);
  if (!parsed.success) throw invalid(zodFieldErrors(parsed.error.issues));
  const input = parsed.data;
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockUserPjps(tx, ctx, input.user_id);
    if (!(await isUserOfCompany(tx, ctx, input.user_id)))
      throw invalid({ user_id: USER_LOOKUP_MESSAGES.userInvalid });
    const planned = await plan(tx, companyId, input);
    const { first, last } = monthRange(input.month_year);
    const taken = await pjpKeysOf(tx, ctx, input.user_id, first, last);
    const fresh: NewPjp[] = [];
    let skipped = 0;
    for (const p of planned) {
      const key = pjpKey(p.date, p.name);
      if (!p.outlet_ids.length || taken.has(key)) skipped++;
      else {
        taken.add(key);
        fresh.push(p);
      }
    }
    await insertPjps(tx, ctx, fresh);
    return { created: fresh.length, skipped };
  });
}

/** Live, active outlets of the company under each parent (a reference or a PJP), by parent id. */
async function outletsBy(
  db: Executor,
  companyId: number,
  link: { table: PgTable; parent: AnyPgColumn; outlet: AnyPgColumn },
  parentIds: number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!parentIds.length) return out;
  const rows = await db
    .select({ parent: link.parent, outlet: link.outlet })
    .from(link.table)
    .innerJoin(outlets, eq(outlets.id, link.outlet))
    .where(and(inArray(link.parent, parentIds), pickableOutlet(companyId)))
    .orderBy(asc(outlets.name));
  for (const r of rows) {
    const [parent, outlet] = [Number(r.parent), Number(r.outlet)];
    out.set(parent, [...(out.get(parent) ?? []), outlet]);
  }
  return out;
}

/**
 * POST pjps/copy_pjp_from_reference: for every live, active reference of the user, one PJP on every date of the
 * month whose weekday is the reference's day and whose ISO week parity is the reference's week, with the
 * reference's name, location and (live, active) outlets.
 */
export function copyPjpFromReferences(ctx: Ctx, raw: unknown): Promise<CopyResult> {
  return copy(ctx, raw, async (tx, companyId, { user_id, month_year }) => {
    const refs = await tx
      .select()
      .from(pjpReferences)
      .where(
        and(
          eq(pjpReferences.company_id, companyId),
          eq(pjpReferences.user_id, user_id),
          isNull(pjpReferences.deleted_at),
          eq(pjpReferences.is_active, 1),
        ),
      )
      .orderBy(asc(pjpReferences.name), asc(pjpReferences.id));
    const outletIds = await outletsBy(
      tx,
      companyId,
      {
        table: pjpReferenceOutlets,
        parent: pjpReferenceOutlets.pjp_reference_id,
        outlet: pjpReferenceOutlets.outlet_id,
      },
      refs.map((r) => r.id),
    );
    return monthRange(month_year).dates.flatMap((date) =>
      refs
        .filter((r) => r.day === weekdayOf(date) && r.week === weekParity(date))
        .map((r) => ({
          name: r.name,
          location: r.location,
          user_id,
          date,
          description: null,
          outlet_ids: outletIds.get(r.id) ?? [],
        })),
    );
  });
}

/**
 * POST pjps/copy_pjp_from_prev_month: the user's live, active PJPs of the month before month_year, each placed on
 * the same weekday of the same week of month_year (the n-th occurrence of its weekday: a PJP on the 2nd Tuesday
 * goes to the 2nd Tuesday). A 5th occurrence the month does not have is skipped. Name, location, description and
 * the (live, active) outlets are copied; the copy is not visited yet.
 */
export function copyPjpFromPreviousMonth(ctx: Ctx, raw: unknown): Promise<CopyResult> {
  return copy(ctx, raw, async (tx, companyId, { user_id, month_year }) => {
    const source = monthRange(previousMonth(month_year));
    const rows = await tx
      .select()
      .from(pjps)
      .where(
        and(
          eq(pjps.company_id, companyId),
          eq(pjps.user_id, user_id),
          isNull(pjps.deleted_at),
          eq(pjps.is_active, 1),
          gte(pjps.date, source.first),
          lte(pjps.date, source.last),
        ),
      )
      .orderBy(asc(pjps.date), asc(pjps.id));
    const outletIds = await outletsBy(
      tx,
      companyId,
      { table: pjpOutlets, parent: pjpOutlets.pjp_id, outlet: pjpOutlets.outlet_id },
      rows.map((r) => r.id),
    );
    return rows.map((r) => {
      const date = sameWeekdayIn(r.date, month_year);
      return {
        name: r.name,
        location: r.location,
        user_id,
        // No such day (a 5th occurrence the month lacks): no outlets, so the copy counts it as skipped.
        date: date ?? r.date,
        description: r.description,
        outlet_ids: date ? (outletIds.get(r.id) ?? []) : [],
      };
    });
  });
}
