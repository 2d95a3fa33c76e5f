import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { authorize, type Ctx } from "./context";
import { getDb, type Executor, type Tx } from "./db";
import type { AnyEntity, Entity, EntityTable } from "./entity";
import { AppError, invalid, notFound, zodFieldErrors } from "./errors";
import { writeAudit } from "./mutations";
import { notify, type NewNotification } from "./notifications";
import type { Permission } from "./permissions";
import { withCaller } from "./rls";
import { nextUpdatedAt } from "./versions";

// A change to one record beyond its entity's update and its workflow's decisions (a leave's walk reassigned, a
// record's side action), built the same way as those: no hand-opened transaction, lock, audit or answer.

type Rec = Record<string, unknown>;
type Row<E> = E extends Entity<infer T, any, any, any, any> ? T["$inferSelect"] : Rec; // eslint-disable-line @typescript-eslint/no-explicit-any
type Detail<E> = E extends Entity<any, any, any, any, infer D> ? D : Rec; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The record `id` within the caller's scope, live (404 otherwise); `lock`: locked for update in `db` (a transaction). */
export async function scopedRow<E extends AnyEntity>(
  db: Executor,
  ctx: Ctx,
  def: E,
  id: number,
  o: { lock?: boolean } = {},
): Promise<Row<E>> {
  const t = def.table as EntityTable & { id: AnyPgColumn };
  const q = db
    .select()
    .from(t as PgTable)
    .where(and(eq(t.id, id), isNull(t.deleted_at), def.scope.where(ctx)));
  const [row] = await (o.lock ? q.for("update") : q.limit(1));
  if (!row) throw notFound();
  return row as Row<E>;
}

/**
 * The row `id` written with `set`, its version (updated_at) and updated_by bumped, and its audit record: an update
 * with the entity's auditDetail before (`beforeDetail`, read before the change) and after. What a decision and a
 * record change both end with, inside their transaction. `effects`: run between the write and the audit record
 * (which then shows what they changed), answering the row as it now is.
 */
export async function updateAudited(
  tx: Tx,
  ctx: Ctx,
  def: AnyEntity,
  o: { id: number; before: Rec; beforeDetail: unknown; set: Rec; effects?: (row: Rec) => Promise<Rec> },
): Promise<Rec> {
  const t = def.table as EntityTable & { id: AnyPgColumn };
  const [written] = (await tx
    .update(t)
    .set({ ...o.set, updated_at: nextUpdatedAt(o.before.updated_at), updated_by: ctx.userId } as never)
    .where(eq(t.id, o.id))
    .returning()) as Rec[];
  const row = o.effects ? await o.effects(written) : written;
  await writeAudit(tx, ctx, {
    entity: def.name,
    entityId: o.id,
    action: "update",
    before: { ...o.before, ...(o.beforeDetail as Rec) },
    after: def.auditDetail ? { ...row, ...(await def.auditDetail(tx, row)) } : row,
    companyId: def.scope.companyOf(row),
  });
  return row;
}

/**
 * `recordChange(def, { permission, input, state, run })` builds `(ctx, id, raw, ...more)`: permission (403) →
 * `input` parsed (422 by field) → one transaction, bound to the caller: the record locked within the entity's scope,
 * live (404) → `state` (409 with its message when the row is not in it) → `run` (its own checks, throwing AppError,
 * and its writes on other tables; it answers the record's further columns and who hears of it) → the record's
 * columns written, updated_at and updated_by bumped → the audit record (an update, with the entity's auditDetail
 * before and after) → the notifications → the record as the entity's get answers it.
 */
export function recordChange<E extends AnyEntity, I extends z.ZodType, A extends unknown[] = []>(
  def: E,
  o: {
    permission: Permission;
    input: I;
    state?: { field: string; in: readonly unknown[]; message: string };
    run: (
      a: { ctx: Ctx; tx: Tx; id: number; before: Row<E>; input: z.output<I> },
      ...more: A
    ) => Promise<{ set?: Rec; notify?: NewNotification[] } | void>;
  },
) {
  return (ctx: Ctx, id: number, raw: unknown, ...more: A): Promise<Row<E> & Detail<E>> =>
    withCaller(ctx, async () => {
      authorize(ctx, o.permission);
      const parsed = o.input.safeParse(raw ?? {});
      if (!parsed.success) throw invalid(zodFieldErrors(parsed.error.issues));
      const db = await getDb();
      return db.transaction(async (tx) => {
        const before = (await scopedRow(tx, ctx, def, id, { lock: true })) as Rec;
        if (o.state && !o.state.in.includes(before[o.state.field])) throw new AppError(409, o.state.message);
        const beforeDetail = def.auditDetail ? await def.auditDetail(tx, before) : {};
        const done =
          (await o.run({ ctx, tx, id, before: before as Row<E>, input: parsed.data }, ...more)) ?? {};
        const row = await updateAudited(tx, ctx, def, { id, before, beforeDetail, set: done.set ?? {} });
        await notify(done.notify ?? [], tx);
        const full: Rec = def.detail ? { ...row, ...(await def.detail(tx, row)) } : { ...row };
        for (const k of def.hidden ?? []) delete full[k];
        return full as Row<E> & Detail<E>;
      });
    });
}
