import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { modules, permissions } from "@/db/schema";
import { crudOf, defineEntity, globalScope, refuseWhileReferenced } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { invalid } from "@/lib/platform/errors";
import { defineList, idAndStatusColumns } from "@/lib/platform/list";
import { PERMISSION_REGISTRY } from "@/lib/platform/permissions";
import { flag, requiredText } from "@/lib/platform/schemas";

/** Messages of this module's own rules (the CRUD texts come from the declaration: 'Module deleted successfully.'). */
export const MODULE_MESSAGES = {
  systemRename: "This module holds the system's permissions and cannot be renamed.",
  hasPermissions: "The module cannot be deleted while it has permissions. Delete its permissions first.",
} as const;

/** The module form (spec 000 §2.12): name and active flag; used unchanged by the form, the action and /api. */
export const moduleSchema = z.object({ name: requiredText("name", 100), is_active: flag.default(1) });

/**
 * The registry's module names: lib/seed/system.ts finds these modules by name at every start, so renaming one would
 * make the next start create an empty twin. They keep their names (they may still be deactivated).
 */
const SYSTEM_MODULES: ReadonlySet<string> = new Set(Object.keys(PERMISSION_REGISTRY));

const modulePermission = z.object({ id: z.number(), permission_name: z.string(), is_active: z.number() });
export type ModulePermission = z.infer<typeof modulePermission>;

/** Modules are global: every caller with the permission sees the same rows; writes are PLATFORM_ONLY. */
export const modulesDef = defineEntity({
  name: "modules",
  noun: "Module",
  href: "/modules",
  table: modules,
  scope: globalScope,
  create: moduleSchema,
  uniqueName: { column: modules.name, index: "modules_live_name_uq" },
  list: defineList({
    from: modules,
    select: {
      id: modules.id,
      name: modules.name,
      is_active: modules.is_active,
      deleted_at: modules.deleted_at,
    },
    id: modules.id,
    isActive: modules.is_active,
    deletedAt: modules.deleted_at,
    search: [modules.name],
    sort: { name: modules.name, id: modules.id },
    export: [...idAndStatusColumns(), { header: "Name", field: "name" }],
  }),
  // The edit screen lists the module's live permissions (spec 000 §2.12).
  detail: async (db, row) => ({
    permissions: await db
      .select({
        id: permissions.id,
        permission_name: permissions.permission_name,
        is_active: permissions.is_active,
      })
      .from(permissions)
      .where(and(eq(permissions.module_id, row.id), isNull(permissions.deleted_at)))
      .orderBy(asc(permissions.id)),
  }),
  detailSchema: { permissions: z.array(modulePermission) },
});

export const modulesCrud = crudOf(modulesDef, {
  update: async ({ before, patch, write }) => {
    if (patch.name !== undefined && patch.name !== before.name && SYSTEM_MODULES.has(before.name))
      throw invalid({ name: MODULE_MESSAGES.systemRename });
    return write(patch);
  },
  // Refused (409) while the module still has live permissions, which would be orphaned.
  guard: refuseWhileReferenced(permissions, permissions.module_id, MODULE_MESSAGES.hasPermissions),
});
export const moduleActions = entityActions(modulesCrud);
