import "server-only";
import { asc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { permissions, rolePermissions, roles, users } from "@/db/schema";
import type { Executor } from "@/lib/platform/db";
import { crudOf, defineEntity, globalScope, refuseWhileReferenced } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import { AppError } from "@/lib/platform/errors";
import { defineList, idAndStatusColumns } from "@/lib/platform/list";
import { ROLE_IDS } from "@/lib/platform/permissions";
import { flag, requiredText } from "@/lib/platform/schemas";
import { grantSet } from "./grant-set";
import { permissionIds } from "./permission-catalog";

/** Messages of this module's own rules (000 §8). */
export const ROLE_MESSAGES = {
  builtInName: "The name of a built-in role cannot be changed.",
  builtInActive: "A built-in role cannot be deactivated.",
  builtInDelete: "A built-in role cannot be deleted.",
  assigned: "This role is assigned to users.",
} as const;

/** The six roles the code knows by name (SUPER ADMIN ... FRANCHISEE ADMIN); they keep their names and stay. */
const BUILT_IN_ROLE_IDS: readonly number[] = Object.values(ROLE_IDS);
export const isBuiltInRole = (id: number) => BUILT_IN_ROLE_IDS.includes(id);

/** The role form on create: used unchanged by the portal form, the server action and POST roles. */
export const roleCreateSchema = z.object({
  name: requiredText("name", 100),
  is_active: flag.default(1),
  role_permissions: permissionIds,
});

/** The same form on edit; leaving out is_active or role_permissions keeps what the role has. */
export const roleUpdateSchema = z.object({
  name: requiredText("name", 100),
  is_active: flag.optional(),
  role_permissions: permissionIds.optional(),
});

/** A granted permission as spec 000 §3 describes it: its id, carrying its module_id. */
export type RolePermissionRef = { permission_id: number; module_id: number };

const grantsOf = (db: Executor, roleId: number): Promise<RolePermissionRef[]> =>
  db
    .select({ permission_id: rolePermissions.permission_id, module_id: permissions.module_id })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(eq(rolePermissions.role_id, roleId))
    .orderBy(asc(rolePermissions.permission_id));
export const roleGrants = grantSet("role", rolePermissions, rolePermissions.role_id, "role_permissions");

/** Roles are global; only a SUPER ADMIN changes them (PLATFORM_ONLY). No trash view: deleted roles never list. */
export const rolesDef = defineEntity({
  name: "roles",
  noun: "Role",
  href: "/roles",
  table: roles,
  scope: globalScope,
  create: roleCreateSchema,
  update: roleUpdateSchema,
  uniqueName: { column: roles.name, index: "roles_live_name_uq" },
  list: defineList({
    from: roles,
    select: {
      id: roles.id,
      name: roles.name,
      is_active: roles.is_active,
      created_at: roles.created_at,
      built_in: sql<boolean>`(${roles.id} in (${sql.join(
        BUILT_IN_ROLE_IDS.map((id) => sql`${id}`),
        sql`, `,
      )}))`,
    },
    where: isNull(roles.deleted_at),
    id: roles.id,
    isActive: roles.is_active,
    search: [roles.name],
    sort: { id: roles.id, name: roles.name, created_at: roles.created_at },
    defaultSort: "id",
    export: [
      ...idAndStatusColumns(),
      { header: "Name", field: "name" },
      { header: "Created At", field: "created_at" },
    ],
  }),
  detail: async (db, row) => ({ role_permissions: await grantsOf(db, row.id) }),
  // The history reads permission ids (shown as the names removed and added).
  auditDetail: async (db, row) => ({ role_permissions: await roleGrants.idsOf(db, row.id) }),
  detailSchema: { role_permissions: z.array(z.object({ permission_id: z.number(), module_id: z.number() })) },
});

/** Every holder of a role gets a changed permission set on their next request. */
export const rolesCrud = crudOf(rolesDef, {
  async create({ ctx, tx, input, insert, errors }) {
    const { role_permissions, ...fields } = input;
    await roleGrants.check(ctx, tx, errors, role_permissions);
    const row = await insert(fields);
    await roleGrants.write(ctx, tx, errors, row.id, role_permissions);
    return row;
  },
  // Built-in roles keep their name and status.
  async update({ ctx, tx, before, patch, write, errors }) {
    const { role_permissions, ...fields } = patch;
    if (isBuiltInRole(before.id)) {
      if (fields.name !== undefined && fields.name !== before.name) errors.name = ROLE_MESSAGES.builtInName;
      if (fields.is_active !== undefined && fields.is_active !== 1)
        errors.is_active = ROLE_MESSAGES.builtInActive;
    }
    await roleGrants.write(ctx, tx, errors, before.id, role_permissions);
    return write(fields);
  },
  // Built-in roles (409) and roles held by live users (409) stay. No restore (spec 000 §4).
  async guard(a) {
    if (isBuiltInRole(a.row.id)) throw new AppError(409, ROLE_MESSAGES.builtInDelete);
    await refuseWhileReferenced(users, users.role_id, ROLE_MESSAGES.assigned)(a);
  },
});
export const roleActions = entityActions(rolesCrud);
