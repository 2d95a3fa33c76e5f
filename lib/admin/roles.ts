import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { permissions, rolePermissions, roles, users } from "@/db/schema";
import { authorize, can, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor, type Tx } from "@/lib/platform/db";
import { AppError, forbidden, invalid, notFound, type FieldErrors } from "@/lib/platform/errors";
import { parseIdParam } from "@/lib/platform/ids";
import { iterateList, parseListParams, runList, type ListSpec } from "@/lib/platform/lists";
import { liveNameTaken, lockSaves } from "@/lib/platform/unique";
import { defineMutation } from "@/lib/platform/mutations";
import { ROLE_IDS } from "@/lib/platform/permissions";
import { defineSoftDelete } from "@/lib/platform/soft-delete";
import { flag, requiredText } from "@/lib/platform/schemas";
import type { ExportColumn } from "@/lib/platform/spreadsheet";
import { checkGrants, permissionCatalog, permissionIds, type PermissionCatalog } from "./permission-catalog";

/** Spec texts (000 §8) and the messages of this module's own checks. */
export const ROLE_MESSAGES = {
  nameTaken: "The name has already been taken.",
  builtInName: "The name of a built-in role cannot be changed.",
  builtInActive: "A built-in role cannot be deactivated.",
  builtInDelete: "A built-in role cannot be deleted.",
  assigned: "This role is assigned to users.",
  created: "Role created successfully.",
  updated: "Role updated successfully.",
  deleted: "Role deleted successfully.",
} as const;

/** The six roles the code knows by name (SUPER ADMIN ... FRANCHISEE ADMIN); they keep their names and stay. */
const BUILT_IN_ROLE_IDS: ReadonlySet<number> = new Set(Object.values(ROLE_IDS));
export const isBuiltInRole = (id: number) => BUILT_IN_ROLE_IDS.has(id);

/** The role form on create: used unchanged by the portal form, the server action and POST roles. */
export const roleCreateSchema = z.object({
  name: requiredText("name", 100),
  is_active: flag.default(1),
  role_permissions: permissionIds,
});
export type RoleCreateInput = z.input<typeof roleCreateSchema>;

/** The same form on edit; leaving out is_active or role_permissions keeps what the role has. */
export const roleUpdateSchema = z.object({
  id: z.coerce.number().int().positive(),
  name: requiredText("name", 100),
  is_active: flag.optional(),
  role_permissions: permissionIds.optional(),
});
export type RoleUpdateInput = z.input<typeof roleUpdateSchema>;

// Roles are global and have no trash view (the spec offers no restore): deleted roles never list.
const live = isNull(roles.deleted_at);

export const roleListSpec: ListSpec = {
  table: roles,
  id: roles.id,
  isActive: roles.is_active,
  search: [roles.name],
  orderBy: { column: roles.id, dir: "asc" },
};

const listColumns = {
  id: roles.id,
  name: roles.name,
  is_active: roles.is_active,
  created_at: roles.created_at,
};
export type RoleListRow = { id: number; name: string; is_active: number; created_at: Date };

type RawParams = URLSearchParams | Record<string, string | string[] | undefined>;

/** GET roles: page, rowsPerPage, search_keyword (name), is_active → { data, count }. */
export async function listRoles(ctx: Ctx, raw: RawParams) {
  authorize(ctx, "roles.list");
  const db = await getDb();
  return runList<RoleListRow>(db, roleListSpec, parseListParams(raw, roleListSpec), live, listColumns);
}

/** A granted permission as spec 000 §3 describes it: its id, carrying its module_id. */
export type RolePermissionRef = { permission_id: number; module_id: number };
export type RoleDetail = typeof roles.$inferSelect & { role_permissions: RolePermissionRef[] };

async function grantsOf(db: Executor, roleId: number): Promise<RolePermissionRef[]> {
  return db
    .select({ permission_id: rolePermissions.permission_id, module_id: permissions.module_id })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(eq(rolePermissions.role_id, roleId))
    .orderBy(asc(rolePermissions.permission_id));
}

/** GET roles/{id}: one live role with role_permissions as [{ permission_id, module_id }]. */
export async function getRole(ctx: Ctx, id: number): Promise<RoleDetail> {
  authorize(ctx, "roles.view");
  const db = await getDb();
  const [row] = await db
    .select()
    .from(roles)
    .where(and(eq(roles.id, id), live))
    .limit(1);
  if (!row) throw notFound();
  return { ...row, role_permissions: await grantsOf(db, id) };
}

/** GET roles/masters: the checkbox layout of the role form, for whoever may view or change roles. */
export async function roleMasters(ctx: Ctx): Promise<PermissionCatalog> {
  if (!can(ctx, "roles.view") && !can(ctx, "roles.create") && !can(ctx, "roles.update")) throw forbidden();
  return permissionCatalog(ctx, "role");
}

// Role saves run one at a time, so the unique-name check cannot race (no unique index on live names).
const lockRoles = (tx: Tx) => lockSaves(tx, "roles");
const nameTaken = (tx: Tx, name: string, exceptId?: number) =>
  liveNameTaken(tx, { table: roles, id: roles.id, name: roles.name, deletedAt: roles.deleted_at }, name, {
    exceptId,
  });

/** Name and grants checked together, so the form shows every field error at once. */
async function checkSave(
  ctx: Ctx,
  tx: Tx,
  errors: FieldErrors,
  name: string,
  wanted: number[],
  current: number[],
  exceptId?: number,
): Promise<number[]> {
  if (await nameTaken(tx, name, exceptId)) errors.name = ROLE_MESSAGES.nameTaken;
  let ids = current;
  try {
    ids = await checkGrants(ctx, tx, "role", "role_permissions", wanted, current);
  } catch (e) {
    if (!(e instanceof AppError) || !e.fieldErrors) throw e;
    Object.assign(errors, e.fieldErrors);
  }
  if (Object.keys(errors).length) throw invalid(errors);
  return ids;
}

async function writePermissions(tx: Tx, roleId: number, ids: number[]) {
  await tx.delete(rolePermissions).where(eq(rolePermissions.role_id, roleId));
  if (ids.length)
    await tx.insert(rolePermissions).values(ids.map((permission_id) => ({ role_id: roleId, permission_id })));
}

const refsOf = async (tx: Tx, roleId: number) => (await grantsOf(tx, roleId)).map((g) => g.permission_id);

/** Creates a global role (SUPER ADMIN only: roles.create is platform-wide); audited with its permission ids. */
export const createRole = defineMutation({
  entity: "roles",
  action: "create",
  permission: "roles.create",
  input: roleCreateSchema,
  async run({ ctx, input, tx }) {
    await lockRoles(tx);
    const ids = await checkSave(ctx, tx, {}, input.name, input.role_permissions, []);
    const [row] = await tx
      .insert(roles)
      .values({
        name: input.name,
        is_active: input.is_active,
        created_by: ctx.userId,
        updated_by: ctx.userId,
      })
      .returning();
    await writePermissions(tx, row.id, ids);
    const after = { ...row, role_permissions: ids };
    return {
      id: row.id,
      before: null,
      after,
      result: { ...row, role_permissions: await grantsOf(tx, row.id) },
    };
  },
});

/**
 * Updates a role (SUPER ADMIN only). Every holder of the role gets the new permission set on their next request.
 * Built-in roles keep their names and stay active: the code recognises them by name.
 */
export const updateRole = defineMutation({
  entity: "roles",
  action: "update",
  permission: "roles.update",
  input: roleUpdateSchema,
  async run({ ctx, input, tx }) {
    await lockRoles(tx);
    const [row] = await tx
      .select()
      .from(roles)
      .where(and(eq(roles.id, input.id), live))
      .for("update");
    if (!row) throw notFound();
    const errors: FieldErrors = {};
    const is_active = input.is_active ?? row.is_active;
    if (isBuiltInRole(row.id)) {
      if (input.name !== row.name) errors.name = ROLE_MESSAGES.builtInName;
      if (is_active !== 1) errors.is_active = ROLE_MESSAGES.builtInActive;
    }
    const current = await refsOf(tx, row.id);
    const ids = await checkSave(
      ctx,
      tx,
      errors,
      input.name,
      input.role_permissions ?? current,
      current,
      row.id,
    );
    const [updated] = await tx
      .update(roles)
      .set({ name: input.name, is_active, updated_at: new Date(), updated_by: ctx.userId })
      .where(eq(roles.id, row.id))
      .returning();
    await writePermissions(tx, row.id, ids);
    const before = { ...row, role_permissions: current };
    const after = { ...updated, role_permissions: ids };
    return {
      id: row.id,
      before,
      after,
      result: { ...updated, role_permissions: await grantsOf(tx, row.id) },
    };
  },
});

/** POST roles (spec 000 §7): update when the body carries an id (plain or opaque), else create. */
export async function saveRole(ctx: Ctx, body: Record<string, unknown>): Promise<RoleDetail> {
  const raw = body.id;
  if (raw == null || raw === "") return createRole(ctx, body);
  const id = typeof raw === "number" ? raw : parseIdParam(String(raw));
  if (id == null) throw notFound();
  return updateRole(ctx, { ...body, id });
}

/** POST roles/delete/{id}: built-in roles (409) and roles held by live users (409) stay. No restore (spec 000 §4). */
export const deleteRole = defineSoftDelete({
  entity: "roles",
  permission: "roles.delete",
  table: roles,
  scope: () => undefined,
  async guard({ tx, row }) {
    if (isBuiltInRole(row.id as number)) throw new AppError(409, ROLE_MESSAGES.builtInDelete);
    const [held] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role_id, row.id as number), isNull(users.deleted_at)))
      .limit(1);
    if (held) throw new AppError(409, ROLE_MESSAGES.assigned);
  },
});

export const roleExportColumns: ExportColumn<RoleListRow>[] = [
  { header: "Id", value: (r) => r.id },
  { header: "Status", value: (r) => (r.is_active === 1 ? "Active" : "Inactive") },
  { header: "Name", value: (r) => r.name },
  { header: "Created At", value: (r) => r.created_at },
];

/** GET role_exports: every role of the list's filters, streamed for the export. */
export async function* rolesForExport(ctx: Ctx, raw: URLSearchParams): AsyncGenerator<RoleListRow> {
  authorize(ctx, "roles.export");
  const db = await getDb();
  yield* iterateList<RoleListRow>(db, roleListSpec, parseListParams(raw, roleListSpec), live, listColumns);
}
