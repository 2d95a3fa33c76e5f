import "server-only";
import { and, asc, eq, isNull, type SQL } from "drizzle-orm";
import { z } from "zod";
import { positionPermissions, positions, users } from "@/db/schema";
import { authorize, can, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor, type Tx } from "@/lib/platform/db";
import { AppError, forbidden, invalid, notFound, type FieldErrors } from "@/lib/platform/errors";
import { parseIdParam } from "@/lib/platform/ids";
import { parseListParams, runList, type ListSpec } from "@/lib/platform/lists";
import { liveNameTaken, lockSaves } from "@/lib/platform/unique";
import { defineMutation } from "@/lib/platform/mutations";
import { defineRestore, defineSoftDelete } from "@/lib/platform/soft-delete";
import { flag, requiredText } from "@/lib/platform/schemas";
import { checkGrants, permissionCatalog, permissionIds, type PermissionCatalog } from "./permission-catalog";

/** Spec texts (000 §8) and the messages of this module's own checks. */
export const POSITION_MESSAGES = {
  nameTaken: "The name has already been taken.",
  assigned: "This position is assigned to users.",
  created: "Position created successfully.",
  updated: "Position updated successfully.",
  deleted: "Position deleted successfully.",
  restored: "Position restored successfully.",
} as const;

/** New positions get role_id 3 (spec 000 §9); the client never chooses it. */
const NEW_POSITION_ROLE_ID = 3;

/** The position form on create: used unchanged by the portal form, the server action and POST positions. */
export const positionCreateSchema = z.object({
  name: requiredText("name", 100),
  is_active: flag.default(1),
  position_permissions: permissionIds,
});
export type PositionCreateInput = z.input<typeof positionCreateSchema>;

/** The same form on edit; leaving out is_active or position_permissions keeps what the position has. */
export const positionUpdateSchema = z.object({
  id: z.coerce.number().int().positive(),
  name: requiredText("name", 100),
  is_active: flag.optional(),
  position_permissions: permissionIds.optional(),
});
export type PositionUpdateInput = z.input<typeof positionUpdateSchema>;

/** Positions belong to the acting company; another company's id answers 404 like a missing one. */
export function positionScope(ctx: Ctx): SQL {
  return eq(positions.company_id, requireCompany(ctx));
}

export const positionListSpec: ListSpec = {
  table: positions,
  id: positions.id,
  isActive: positions.is_active,
  deletedAt: positions.deleted_at,
  search: [positions.name],
  orderBy: { column: positions.name, dir: "asc" },
};

const listColumns = {
  id: positions.id,
  name: positions.name,
  role_id: positions.role_id,
  is_active: positions.is_active,
  created_at: positions.created_at,
  deleted_at: positions.deleted_at,
};
export type PositionListRow = {
  id: number;
  name: string;
  role_id: number;
  is_active: number;
  created_at: Date;
  deleted_at: Date | null;
};

type RawParams = URLSearchParams | Record<string, string | string[] | undefined>;

/** GET positions: page, rowsPerPage, search_keyword (name), is_active, show_deleted/open_trash → { data, count }. */
export async function listPositions(ctx: Ctx, raw: RawParams) {
  authorize(ctx, "positions.list");
  const db = await getDb();
  return runList<PositionListRow>(
    db,
    positionListSpec,
    parseListParams(raw, positionListSpec),
    positionScope(ctx),
    listColumns,
  );
}

export type PositionDetail = typeof positions.$inferSelect & { position_permissions: number[] };

async function permissionIdsOf(db: Executor, positionId: number): Promise<number[]> {
  const rows = await db
    .select({ id: positionPermissions.permission_id })
    .from(positionPermissions)
    .where(eq(positionPermissions.position_id, positionId))
    .orderBy(asc(positionPermissions.permission_id));
  return rows.map((r) => r.id);
}

/** GET positions/{id}: one live position of the acting company with its permission ids. */
export async function getPosition(ctx: Ctx, id: number): Promise<PositionDetail> {
  authorize(ctx, "positions.view");
  const db = await getDb();
  const [row] = await db
    .select()
    .from(positions)
    .where(and(eq(positions.id, id), isNull(positions.deleted_at), positionScope(ctx)))
    .limit(1);
  if (!row) throw notFound();
  return { ...row, position_permissions: await permissionIdsOf(db, id) };
}

/**
 * GET positions/masters: the checkbox layout of the position form. Whoever may view, create or edit positions
 * may load it; what they may tick is marked per permission (grantable).
 */
export async function positionMasters(ctx: Ctx): Promise<PermissionCatalog> {
  if (!can(ctx, "positions.view") && !can(ctx, "positions.create") && !can(ctx, "positions.update"))
    throw forbidden();
  return permissionCatalog(ctx, "position");
}

// Saves of one company's positions run one at a time, so the unique-name check cannot race.
const lockCompanyPositions = (tx: Tx, companyId: number) => lockSaves(tx, "positions", companyId);
const nameTaken = (tx: Tx, companyId: number, name: string, exceptId?: number) =>
  liveNameTaken(
    tx,
    { table: positions, id: positions.id, name: positions.name, deletedAt: positions.deleted_at },
    name,
    { scope: eq(positions.company_id, companyId), exceptId },
  );

/** Checks the name and the grants together, so the form shows every field error at once. */
async function checkSave(
  ctx: Ctx,
  tx: Tx,
  companyId: number,
  name: string,
  wanted: number[],
  current: number[],
  exceptId?: number,
): Promise<number[]> {
  const errors: FieldErrors = {};
  if (await nameTaken(tx, companyId, name, exceptId)) errors.name = POSITION_MESSAGES.nameTaken;
  let ids: number[] = current;
  try {
    ids = await checkGrants(ctx, tx, "position", "position_permissions", wanted, current);
  } catch (e) {
    if (!(e instanceof AppError) || !e.fieldErrors) throw e;
    Object.assign(errors, e.fieldErrors);
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return ids;
}

async function writePermissions(tx: Tx, positionId: number, ids: number[]) {
  await tx.delete(positionPermissions).where(eq(positionPermissions.position_id, positionId));
  if (ids.length)
    await tx
      .insert(positionPermissions)
      .values(ids.map((permission_id) => ({ position_id: positionId, permission_id })));
}

/** Creates a position of the acting company (role_id 3) with its permissions; audited with the permission ids. */
export const createPosition = defineMutation({
  entity: "positions",
  action: "create",
  permission: "positions.create",
  input: positionCreateSchema,
  async run({ ctx, input, tx }) {
    const companyId = requireCompany(ctx);
    await lockCompanyPositions(tx, companyId);
    const ids = await checkSave(ctx, tx, companyId, input.name, input.position_permissions, []);
    const [row] = await tx
      .insert(positions)
      .values({
        company_id: companyId,
        name: input.name,
        is_active: input.is_active,
        role_id: NEW_POSITION_ROLE_ID,
        created_by: ctx.userId,
        updated_by: ctx.userId,
      })
      .returning();
    await writePermissions(tx, row.id, ids);
    const after: PositionDetail = { ...row, position_permissions: ids };
    return { id: row.id, before: null, after, result: after };
  },
});

/**
 * Updates a position of the acting company. The audit record carries the permission ids before and after, so a
 * change of access shows in it. Users holding the position get the new permissions on their next request.
 */
export const updatePosition = defineMutation({
  entity: "positions",
  action: "update",
  permission: "positions.update",
  input: positionUpdateSchema,
  async run({ ctx, input, tx }) {
    const companyId = requireCompany(ctx);
    await lockCompanyPositions(tx, companyId);
    const [row] = await tx
      .select()
      .from(positions)
      .where(and(eq(positions.id, input.id), isNull(positions.deleted_at), positionScope(ctx)))
      .for("update");
    if (!row) throw notFound();
    const current = await permissionIdsOf(tx, row.id);
    const ids = await checkSave(
      ctx,
      tx,
      companyId,
      input.name,
      input.position_permissions ?? current,
      current,
      row.id,
    );
    const [updated] = await tx
      .update(positions)
      .set({
        name: input.name,
        is_active: input.is_active ?? row.is_active,
        updated_at: new Date(),
        updated_by: ctx.userId,
      })
      .where(eq(positions.id, row.id))
      .returning();
    await writePermissions(tx, row.id, ids);
    const before: PositionDetail = { ...row, position_permissions: current };
    const after: PositionDetail = { ...updated, position_permissions: ids };
    return { id: row.id, before, after, result: after };
  },
});

/** POST positions (spec 000 §7): update when the body carries an id (plain or opaque), else create. */
export async function savePosition(ctx: Ctx, body: Record<string, unknown>): Promise<PositionDetail> {
  const raw = body.id;
  if (raw == null || raw === "") return createPosition(ctx, body);
  const id = typeof raw === "number" ? raw : parseIdParam(String(raw));
  if (id == null) throw notFound();
  return updatePosition(ctx, { ...body, id });
}

/** POST positions/delete/{id}: to the trash view; refused (409) while live users hold the position. */
export const deletePosition = defineSoftDelete({
  entity: "positions",
  permission: "positions.delete",
  table: positions,
  scope: positionScope,
  async guard({ tx, row }) {
    const [held] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.position_id, row.id as number), isNull(users.deleted_at)))
      .limit(1);
    if (held) throw new AppError(409, POSITION_MESSAGES.assigned);
  },
});

/** POST positions/restore/{id}: back from the trash view, unless a live position took its name meanwhile (409). */
export const restorePosition = defineRestore({
  entity: "positions",
  permission: "positions.restore",
  table: positions,
  scope: positionScope,
  async guard({ ctx, tx, row }) {
    const companyId = requireCompany(ctx);
    await lockCompanyPositions(tx, companyId);
    if (await nameTaken(tx, companyId, row.name as string, row.id as number))
      throw new AppError(409, POSITION_MESSAGES.nameTaken);
  },
});
