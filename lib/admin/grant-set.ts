import "server-only";
import { asc, eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { can, type Ctx } from "@/lib/platform/context";
import type { Executor, Tx } from "@/lib/platform/db";
import { AppError, forbidden, type FieldErrors } from "@/lib/platform/errors";
import type { Permission } from "@/lib/platform/permissions";
import {
  checkGrants,
  permissionCatalog,
  type GrantTarget,
  type PermissionCatalog,
} from "./permission-catalog";

/** A refusal of the grants joins the form's other field errors, so the form shows them all at once. */
async function collect(errors: FieldErrors, fn: () => Promise<unknown>) {
  try {
    await fn();
  } catch (e) {
    if (!(e instanceof AppError) || !e.fieldErrors) throw e;
    Object.assign(errors, e.fieldErrors);
  }
}

/**
 * The permissions a position or a role grants: a child set of permission ids under `owner`, sent as `field`. Holders
 * get a changed set on their next request. Nobody grants more than they hold (checkGrants).
 */
export function grantSet(
  target: GrantTarget,
  table: PgTable & { permission_id: AnyPgColumn },
  owner: AnyPgColumn,
  field: string,
) {
  const name = target === "position" ? "positions" : "roles";
  const idsOf = async (db: Executor, ownerId: number) =>
    (
      await db
        .select({ id: table.permission_id })
        .from(table)
        .where(eq(owner, ownerId))
        .orderBy(asc(table.permission_id))
    ).map((r) => r.id as number);
  return {
    idsOf,
    /** A create's grants checked before its row is written (field errors collected). */
    check: (ctx: Ctx, tx: Tx, errors: FieldErrors, wanted: number[]) =>
      collect(errors, () => checkGrants(ctx, tx, target, field, wanted, [])),
    /** Replaces the set with what the caller may store; `undefined` (not sent) keeps it. */
    async write(ctx: Ctx, tx: Tx, errors: FieldErrors, ownerId: number, wanted: number[] | undefined) {
      if (wanted === undefined) return;
      await collect(errors, async () => {
        const ids = await checkGrants(ctx, tx, target, field, wanted, await idsOf(tx, ownerId));
        await tx.delete(table).where(eq(owner, ownerId));
        if (ids.length)
          await tx
            .insert(table)
            .values(ids.map((permission_id) => ({ [owner.name]: ownerId, permission_id })));
      });
    },
    /** GET <name>/masters: the form's checkbox layout, for whoever may view, create or edit the records. */
    async masters(ctx: Ctx): Promise<PermissionCatalog> {
      if (!(["view", "create", "update"] as const).some((op) => can(ctx, `${name}.${op}` as Permission)))
        throw forbidden();
      return permissionCatalog(ctx, target);
    },
  };
}
