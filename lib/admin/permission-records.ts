import "server-only";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { modules, permissions } from "@/db/schema";
import { authorize, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor } from "@/lib/platform/db";
import { AppError, invalid, notFound, type FieldErrors } from "@/lib/platform/errors";
import { parseListParams, runList, type ListSpec } from "@/lib/platform/lists";
import { defineMutation } from "@/lib/platform/mutations";
import { ALL_PERMISSIONS } from "@/lib/platform/permissions";
import { flag, requiredId, requiredText } from "@/lib/platform/schemas";
import { defineRestore, defineSoftDelete } from "@/lib/platform/soft-delete";
import { lockCatalogue } from "./modules";

/**
 * The Permissions entity of spec 001 (records linking a module to a permission_name). Not to be confused with
 * lib/platform/permissions.ts, the code's registry: the server checks permissions by name, so a record whose name
 * the code never checks is only a label that roles and positions can hold.
 */

/** Spec texts (spec 001 §8) and the messages of this module's own checks. */
export const PERMISSION_MESSAGES = {
  nameTaken: "The permission name has already been taken.",
  moduleInvalid: "The selected module is invalid.",
  systemRename: "The permission name cannot be changed: the server checks this permission by that name.",
  moduleDeleted: "The module of this permission is deleted. Restore the module first.",
  deleted: "Permission deleted successfully.",
  restored: "Permission restored successfully.",
  created: "Permission created successfully.",
  updated: "Permission updated successfully.",
} as const;

/** The permission form (spec 001 §2): Module (required) and Name; edit adds Is Active. */
export const permissionSchema = z.object({
  module_id: requiredId("module"),
  permission_name: requiredText("permission name", 150),
  is_active: flag.default(1),
});
export const permissionUpdateSchema = permissionSchema
  .partial()
  .extend({ id: z.coerce.number().int().positive() });
export type PermissionInput = z.input<typeof permissionSchema>;

const SYSTEM_PERMISSIONS: ReadonlySet<string> = new Set(ALL_PERMISSIONS);

export const permissionListSpec: ListSpec = {
  table: permissions,
  id: permissions.id,
  isActive: permissions.is_active,
  deletedAt: permissions.deleted_at,
  search: [permissions.permission_name],
  filters: { module_id: { column: permissions.module_id, kind: "int" } },
};

const listColumns = {
  id: permissions.id,
  module_id: permissions.module_id,
  permission_name: permissions.permission_name,
  is_active: permissions.is_active,
  deleted_at: permissions.deleted_at,
  // runList reads one table; the module's name comes along as a subquery.
  module_name:
    sql<string>`(select ${modules.name} from ${modules} where ${modules.id} = ${permissions.module_id})`.as(
      "module_name",
    ),
};

export type PermissionListRow = {
  id: number;
  module_id: number;
  permission_name: string;
  is_active: number;
  deleted_at: Date | null;
  module: { id: number; name: string };
};

/** GET permissions: search (name), is_active, module_id, show_deleted/open_trash, paging → { data, count }. */
export async function listPermissions(
  ctx: Ctx,
  raw: URLSearchParams | Record<string, string | string[] | undefined>,
): Promise<{ data: PermissionListRow[]; count: number }> {
  authorize(ctx, "permissions.list");
  const db = await getDb();
  const { data, count } = await runList<Omit<PermissionListRow, "module"> & { module_name: string }>(
    db,
    permissionListSpec,
    parseListParams(raw, permissionListSpec),
    undefined,
    listColumns,
  );
  return {
    data: data.map(({ module_name, ...r }) => ({ ...r, module: { id: r.module_id, name: module_name } })),
    count,
  };
}

export type PermissionRecord = typeof permissions.$inferSelect & { module: { id: number; name: string } };

/** GET permissions/{id}: one live permission with its module. */
export async function getPermission(ctx: Ctx, id: number): Promise<PermissionRecord> {
  authorize(ctx, "permissions.view");
  const db = await getDb();
  const [row] = await db
    .select({ p: permissions, module_name: modules.name })
    .from(permissions)
    .innerJoin(modules, eq(modules.id, permissions.module_id))
    .where(and(eq(permissions.id, id), isNull(permissions.deleted_at)))
    .limit(1);
  if (!row) throw notFound();
  return { ...row.p, module: { id: row.p.module_id, name: row.module_name } };
}

/** GET permissions/masters: the modules a permission can belong to (live ones; the active flag is informational). */
export async function permissionMasters(ctx: Ctx): Promise<{ modules: { id: number; name: string }[] }> {
  authorize(ctx, "permissions.list");
  const db = await getDb();
  const rows = await db
    .select({ id: modules.id, name: modules.name })
    .from(modules)
    .where(isNull(modules.deleted_at))
    .orderBy(asc(modules.name), asc(modules.id));
  return { modules: rows };
}

/**
 * Field errors of a save: the module live (share-locked, so a concurrent module delete, which refuses while the
 * module has permissions, waits for this save and then sees it), the name free (case-insensitive, trashed permissions included, since
 * the database keeps names unique across the trash too).
 */
async function checkSave(
  tx: Executor,
  input: { module_id?: number; permission_name?: string },
  exceptId?: number,
): Promise<void> {
  const errors: FieldErrors = {};
  if (input.module_id !== undefined) {
    const [m] = await tx
      .select({ id: modules.id })
      .from(modules)
      .where(and(eq(modules.id, input.module_id), isNull(modules.deleted_at)))
      .for("share");
    if (!m) errors.module_id = PERMISSION_MESSAGES.moduleInvalid;
  }
  if (input.permission_name !== undefined) {
    const [hit] = await tx
      .select({ id: permissions.id })
      .from(permissions)
      .where(
        and(
          sql`lower(${permissions.permission_name}) = ${input.permission_name.toLowerCase()}`,
          exceptId != null ? ne(permissions.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    if (hit) errors.permission_name = PERMISSION_MESSAGES.nameTaken;
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

export const createPermission = defineMutation({
  entity: "permissions",
  action: "create",
  permission: "permissions.create",
  input: permissionSchema,
  async run({ ctx, input, tx }) {
    await lockCatalogue(tx);
    await checkSave(tx, input);
    const [row] = await tx
      .insert(permissions)
      .values({ ...input, created_by: ctx.userId, updated_by: ctx.userId })
      .returning();
    return { id: row.id, before: null, after: row, result: row };
  },
});

export const updatePermission = defineMutation({
  entity: "permissions",
  action: "update",
  permission: "permissions.update",
  input: permissionUpdateSchema,
  async run({ ctx, input, tx }) {
    const { id, ...fields } = input;
    await lockCatalogue(tx);
    const [before] = await tx
      .select()
      .from(permissions)
      .where(and(eq(permissions.id, id), isNull(permissions.deleted_at)))
      .for("update");
    if (!before) throw notFound();
    const renamed = fields.permission_name !== undefined && fields.permission_name !== before.permission_name;
    // The server checks a registry permission by its name: renamed, it would silently stop granting anything.
    if (renamed && SYSTEM_PERMISSIONS.has(before.permission_name))
      throw invalid({ permission_name: PERMISSION_MESSAGES.systemRename });
    await checkSave(
      tx,
      {
        module_id: fields.module_id !== before.module_id ? fields.module_id : undefined,
        permission_name: renamed ? fields.permission_name : undefined,
      },
      id,
    );
    const [after] = await tx
      .update(permissions)
      .set({ ...fields, updated_at: new Date(), updated_by: ctx.userId })
      .where(eq(permissions.id, id))
      .returning();
    return { id, before, after, result: after };
  },
});

/** POST permissions/delete/{id}: to the trash; roles and positions holding it stop granting it at once. */
export const deletePermission = defineSoftDelete({
  entity: "permissions",
  permission: "permissions.delete",
  table: permissions,
  scope: () => undefined,
});

/** POST permissions/restore/{id}: back from the trash (409 while its module is in the trash). */
export const restorePermission = defineRestore({
  entity: "permissions",
  permission: "permissions.restore",
  table: permissions,
  scope: () => undefined,
  async guard({ tx, row }) {
    const [m] = await tx
      .select({ id: modules.id })
      .from(modules)
      .where(and(eq(modules.id, row.module_id as number), isNull(modules.deleted_at)))
      .for("share");
    if (!m) throw new AppError(409, PERMISSION_MESSAGES.moduleDeleted);
  },
});
