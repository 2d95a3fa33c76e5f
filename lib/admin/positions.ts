import "server-only";
import { asc, eq } from "drizzle-orm";
import { z } from "zod";
import { positionPermissions, positions, users } from "@/db/schema";
import { can, type Ctx } from "@/lib/platform/context";
import type { Executor, Tx } from "@/lib/platform/db";
import {
  companyScope,
  createOf,
  defineEntity,
  getOf,
  listOf,
  refuseWhileReferenced,
  restoreOf,
  softDeleteOf,
  updateOf,
  upsertOf,
} from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { AppError, forbidden } from "@/lib/platform/errors";
import { defineList } from "@/lib/platform/list";
import { flag, requiredText } from "@/lib/platform/schemas";
import { checkGrants, permissionCatalog, permissionIds, type PermissionCatalog } from "./permission-catalog";

/** Spec texts (000 §8) of this module's own rules. */
export const POSITION_MESSAGES = { assigned: "This position is assigned to users." } as const;

/** New positions get role_id 3 (spec 000 §9); the client never chooses it. */
const NEW_POSITION_ROLE_ID = 3;

/** The position form on create: used unchanged by the portal form, the server action and POST positions. */
export const positionCreateSchema = z.object({
  name: requiredText("name", 100),
  is_active: flag.default(1),
  position_permissions: permissionIds,
});
export type PositionCreateInput = z.input<typeof positionCreateSchema>;

/** The same form on edit; leaving out a field keeps what the position has. */
export const positionUpdateSchema = z.object({
  name: requiredText("name", 100).optional(),
  is_active: flag.optional(),
  position_permissions: permissionIds.optional(),
});

const permissionIdsOf = async (db: Executor, positionId: number) =>
  (
    await db
      .select({ id: positionPermissions.permission_id })
      .from(positionPermissions)
      .where(eq(positionPermissions.position_id, positionId))
      .orderBy(asc(positionPermissions.permission_id))
  ).map((r) => r.id);

/** A company's job roles with the permissions they grant (spec 000 §2.10). */
export const positionsDef = defineEntity({
  name: "positions",
  noun: "Position",
  href: "/positions",
  table: positions,
  scope: companyScope(positions),
  create: positionCreateSchema,
  update: positionUpdateSchema,
  uniqueName: { column: positions.name, index: "positions_live_name_uq" },
  list: defineList({
    from: positions,
    select: {
      id: positions.id,
      name: positions.name,
      role_id: positions.role_id,
      is_active: positions.is_active,
    },
    id: positions.id,
    isActive: positions.is_active,
    deletedAt: positions.deleted_at,
    search: [positions.name],
    sort: { name: positions.name, created_at: positions.created_at },
    defaultSort: "name",
  }),
  // The audit record carries the permission ids before and after, so a change of access shows in the history.
  detail: async (db, row) => ({ position_permissions: await permissionIdsOf(db, row.id) }),
  detailSchema: { position_permissions: z.array(z.number()) },
});

/** Grants only what the editor holds (checkGrants); users holding the position get it on their next request. */
async function writePermissions(ctx: Ctx, tx: Tx, positionId: number, wanted: number[] | undefined) {
  const current = await permissionIdsOf(tx, positionId);
  if (wanted === undefined) return;
  const ids = await checkGrants(ctx, tx, "position", "position_permissions", wanted, current);
  await tx.delete(positionPermissions).where(eq(positionPermissions.position_id, positionId));
  if (ids.length)
    await tx
      .insert(positionPermissions)
      .values(ids.map((permission_id) => ({ position_id: positionId, permission_id })));
}

/** Collects a grant refusal with the name check's error, so the form shows every field error at once. */
async function grants(errors: Record<string, string>, fn: () => Promise<void>) {
  try {
    await fn();
  } catch (e) {
    if (!(e instanceof AppError) || !e.fieldErrors) throw e;
    Object.assign(errors, e.fieldErrors);
  }
}

export const listPositions = listOf(positionsDef);
export const getPosition = getOf(positionsDef);
export const createPosition = createOf(positionsDef, async ({ ctx, tx, input, insert, errors }) => {
  const { position_permissions, ...fields } = input;
  await grants(errors, () =>
    checkGrants(ctx, tx, "position", "position_permissions", position_permissions, []).then(),
  );
  const row = await insert({ ...fields, role_id: NEW_POSITION_ROLE_ID });
  await writePermissions(ctx, tx, row.id, position_permissions);
  return row;
});
export const updatePosition = updateOf(positionsDef, async ({ ctx, tx, before, patch, write, errors }) => {
  const { position_permissions, ...fields } = patch;
  await grants(errors, () => writePermissions(ctx, tx, before.id, position_permissions));
  return write(fields);
});
/** POST positions (spec 000 §7): update when the body carries an id (plain or opaque), else create. */
export const savePosition = upsertOf(createPosition, updatePosition);
/** Refused (409) while live users hold the position. */
export const deletePosition = softDeleteOf(positionsDef, {
  guard: refuseWhileReferenced(users, users.position_id, POSITION_MESSAGES.assigned),
});
export const restorePosition = restoreOf(positionsDef);
export const positionActions = entityActions({
  create: createPosition,
  update: updatePosition,
  delete: deletePosition,
  restore: restorePosition,
});

/**
 * GET positions/masters: the checkbox layout of the position form. Whoever may view, create or edit positions
 * may load it; what they may tick is marked per permission (grantable).
 */
export async function positionMasters(ctx: Ctx): Promise<PermissionCatalog> {
  if (!can(ctx, "positions.view") && !can(ctx, "positions.create") && !can(ctx, "positions.update"))
    throw forbidden();
  return permissionCatalog(ctx, "position");
}
