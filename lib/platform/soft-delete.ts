import "server-only";
import { and, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Ctx } from "./context";
import type { Tx } from "./db";
import { notFound } from "./errors";
import { defineMutation } from "./mutations";
import type { Permission } from "./permissions";

/** A table with the lifecycle columns (db/schema/columns.ts). */
type SoftDeletable = PgTable & { id: AnyPgColumn; deleted_at: AnyPgColumn; deleted_by: AnyPgColumn };

type Def<T extends SoftDeletable> = {
  entity: string;
  permission: Permission;
  table: T;
  /** Which rows the caller may touch (tenant and franchisee scope); another company's id answers 404. */
  scope: (ctx: Ctx) => SQL | undefined;
  /** Extra checks before the change (e.g. "a role in use cannot be deleted"); throw AppError to refuse. */
  guard?: (a: { ctx: Ctx; tx: Tx; row: Record<string, unknown> }) => Promise<void>;
};

const idInput = z.object({ id: z.coerce.number().int().positive() });

function lifecycle<T extends SoftDeletable>(def: Def<T>, action: "delete" | "restore") {
  return defineMutation({
    entity: def.entity,
    action,
    permission: def.permission,
    input: idInput,
    async run({ ctx, input, tx }) {
      const t = def.table;
      const live = action === "delete" ? isNull(t.deleted_at) : isNotNull(t.deleted_at);
      const [before] = (await tx
        .select()
        .from(t as PgTable)
        .where(and(eq(t.id, input.id), live, def.scope(ctx)))
        .for("update")) as Record<string, unknown>[];
      if (!before) throw notFound();
      await def.guard?.({ ctx, tx, row: before });
      const set =
        action === "delete"
          ? { deleted_at: new Date(), deleted_by: ctx.userId }
          : { deleted_at: null, deleted_by: null };
      // The lifecycle columns are the same on every such table; drizzle cannot type `set` for a generic table.
      const [after] = (await tx
        .update(t as PgTable)
        .set(set as never)
        .where(eq(t.id, input.id))
        .returning()) as Record<string, unknown>[];
      return { id: input.id, before, after, result: { id: input.id } };
    },
  });
}

/** Soft delete (moves the row to the trash view), with an audit record; 404 outside the caller's scope. */
export const defineSoftDelete = <T extends SoftDeletable>(def: Def<T>) => lifecycle(def, "delete");

/** Restore from the trash view, with an audit record; 404 outside the caller's scope. */
export const defineRestore = <T extends SoftDeletable>(def: Def<T>) => lifecycle(def, "restore");
