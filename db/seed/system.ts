import { eq, sql } from "drizzle-orm";
import { modules, permissions, rolePermissions, roles } from "@/db/schema";
import type { Executor } from "@/lib/platform/db";
import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_REGISTRY, ROLE_IDS } from "@/lib/platform/permissions";

/**
 * The rows the code depends on: the five roles (fixed ids), the registry's modules and permissions, and each new
 * role's default grants. Safe to run at every start: it adds what is missing and changes nothing an admin set.
 */
export async function seedSystem(db: Executor): Promise<void> {
  const existingRoles = await db.select({ id: roles.id }).from(roles);
  const freshRoles = existingRoles.length === 0;
  for (const [name, id] of Object.entries(ROLE_IDS)) {
    await db.insert(roles).values({ id, name }).onConflictDoNothing();
  }
  await db.execute(
    sql`select setval(pg_get_serial_sequence('roles', 'id'), greatest((select max(id) from roles), 1))`,
  );

  const permIds = new Map<string, number>();
  for (const [moduleName, names] of Object.entries(PERMISSION_REGISTRY)) {
    let [m] = await db.select({ id: modules.id }).from(modules).where(eq(modules.name, moduleName)).limit(1);
    if (!m) [m] = await db.insert(modules).values({ name: moduleName }).returning({ id: modules.id });
    for (const name of names) {
      const [p] = await db
        .insert(permissions)
        .values({ module_id: m.id, permission_name: name })
        .onConflictDoUpdate({ target: permissions.permission_name, set: { permission_name: name } })
        .returning({ id: permissions.id });
      permIds.set(name, p.id);
    }
  }
  if (!freshRoles) return;
  for (const [roleName, names] of Object.entries(DEFAULT_ROLE_PERMISSIONS)) {
    const roleId = ROLE_IDS[roleName as keyof typeof ROLE_IDS];
    const rows = names.map((n) => ({ role_id: roleId, permission_id: permIds.get(n)! }));
    if (rows.length) await db.insert(rolePermissions).values(rows).onConflictDoNothing();
  }
}
