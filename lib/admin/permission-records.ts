import "server-only";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import { z } from "zod";
import { modules, permissions } from "@/db/schema";
import { authorize, type Ctx } from "@/lib/platform/context";
import { getDb, type Executor, type Tx } from "@/lib/platform/db";
import { crudOf, defineEntity, globalScope } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { AppError, type FieldErrors } from "@/lib/platform/errors";
import { defineList, referenceFilter } from "@/lib/platform/list";
import { ALL_PERMISSIONS } from "@/lib/platform/permissions";
import { flag, requiredId, requiredText } from "@/lib/platform/schemas";
import { lockSaves } from "@/lib/platform/unique";

/**
 * The Permissions entity of spec 001 (records linking a module to a permission_name). Not to be confused with
 * lib/platform/permissions.ts, the code's registry: the server checks permissions by name, so a record whose name
 * the code never checks is only a label that roles and positions can hold.
 */

/** Messages of this module's own checks (spec 001 §8). */
export const PERMISSION_MESSAGES = {
  nameTaken: "The permission name has already been taken.",
  moduleInvalid: "The selected module is invalid.",
  systemRename: "The permission name cannot be changed: the server checks this permission by that name.",
  moduleDeleted: "The module of this permission is deleted. Restore the module first.",
} as const;

/** The permission form (spec 001 §2): Module (required) and Name; edit adds Is Active. */
export const permissionSchema = z.object({
  module_id: requiredId("module"),
  permission_name: requiredText("permission name", 150),
  is_active: flag.default(1),
});

/** Saves of permission records take this lock: their names have a full unique index, trash included. */
const lockCatalogue = (tx: Tx) => lockSaves(tx, "catalogue");

const SYSTEM_PERMISSIONS: ReadonlySet<string> = new Set(ALL_PERMISSIONS);
const moduleRef = sql<{
  id: number;
  name: string;
}>`json_build_object('id', ${modules.id}, 'name', ${modules.name})`;

/** Permission records are global; writes are the SUPER ADMIN's (PLATFORM_ONLY). */
export const permissionsDef = defineEntity({
  name: "permissions",
  noun: "Permission",
  href: "/permissions",
  table: permissions,
  scope: globalScope,
  create: permissionSchema,
  // Names are unique across the trash too (a full unique index); the save's own check says so first.
  uniqueName: {
    column: permissions.permission_name,
    index: "permissions_name_uq",
    message: PERMISSION_MESSAGES.nameTaken,
  },
  list: defineList({
    from: permissions,
    joins: [{ table: modules, on: eq(modules.id, permissions.module_id), type: "inner" }],
    select: {
      id: permissions.id,
      module_id: permissions.module_id,
      permission_name: permissions.permission_name,
      is_active: permissions.is_active,
      deleted_at: permissions.deleted_at,
      module: moduleRef,
    },
    id: permissions.id,
    isActive: permissions.is_active,
    deletedAt: permissions.deleted_at,
    search: [permissions.permission_name],
    filters: { module_id: referenceFilter(permissions.module_id, "Module") },
    sort: { permission_name: permissions.permission_name, module: modules.name },
  }),
  detail: async (db, row) => {
    const [m] = await db
      .select({ id: modules.id, name: modules.name })
      .from(modules)
      .where(eq(modules.id, row.module_id));
    return { module: m };
  },
  auditDetail: async () => ({}),
  detailSchema: { module: z.object({ id: z.number(), name: z.string() }) },
});

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
 * module has permissions, waits for this save and then sees it), the name free (case-insensitive, trashed
 * permissions included, since the database keeps names unique across the trash too).
 */
async function checkSave(
  tx: Executor,
  errors: FieldErrors,
  input: { module_id?: number; permission_name?: string },
  exceptId?: number,
): Promise<void> {
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
}

export const permissionsCrud = crudOf(permissionsDef, {
  async create({ tx, input, insert, errors }) {
    await lockCatalogue(tx);
    await checkSave(tx, errors, input);
    return insert(input);
  },
  async update({ tx, before, patch, write, errors }) {
    await lockCatalogue(tx);
    const renamed = patch.permission_name !== undefined && patch.permission_name !== before.permission_name;
    // The server checks a registry permission by its name: renamed, it would silently stop granting anything.
    if (renamed && SYSTEM_PERMISSIONS.has(before.permission_name)) {
      errors.permission_name = PERMISSION_MESSAGES.systemRename;
      return write(patch);
    }
    const moved = patch.module_id !== before.module_id ? patch.module_id : undefined;
    await checkSave(
      tx,
      errors,
      { module_id: moved, permission_name: renamed ? patch.permission_name : undefined },
      before.id,
    );
    return write(patch);
  },
  // Back from the trash: 409 while its module is in the trash. (Deleted, roles and positions stop granting it.)
  async restoreGuard({ tx, row }) {
    const [m] = await tx
      .select({ id: modules.id })
      .from(modules)
      .where(and(eq(modules.id, row.module_id), isNull(modules.deleted_at)))
      .for("share");
    if (!m) throw new AppError(409, PERMISSION_MESSAGES.moduleDeleted);
  },
});
export const permissionActions = entityActions(permissionsCrud);
