import { eq, sql } from "drizzle-orm";
import { defaultGrants, modules, permissions, rolePermissions, roles } from "@/db/schema";
import type { Executor } from "@/lib/platform/db";
import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_REGISTRY, ROLE_IDS } from "@/lib/platform/permissions";
import { seedStates } from "./states";

/**
 * The rows the code depends on: the six roles (fixed ids), the registry's modules and permissions, the default
 * grants and India's states. Safe to run at every start: it adds what is missing and changes nothing an admin set.
 */
export async function seedSystem(db: Executor): Promise<void> {
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
  await applyDefaultGrants(db, permIds);
  await seedStates(db);
}

/** Every (role, permission) pair of DEFAULT_ROLE_PERMISSIONS. */
export function defaultGrantPairs(): { role_id: number; permission_name: string }[] {
  return Object.entries(DEFAULT_ROLE_PERMISSIONS).flatMap(([role, names]) =>
    names.map((permission_name) => ({ role_id: ROLE_IDS[role as keyof typeof ROLE_IDS], permission_name })),
  );
}

/**
 * Grants each default pair not applied before, and records it in `default_grants` in the same transaction: a
 * permission a release adds reaches its default roles at the next start, once; a grant an admin removed since is
 * recorded already and stays removed. Only the pairs this call recorded are granted, so instances starting
 * together grant each pair once.
 */
export async function applyDefaultGrants(db: Executor, permIds: ReadonlyMap<string, number>): Promise<void> {
  const pairs = defaultGrantPairs();
  if (!pairs.length) return;
  await db.transaction(async (tx) => {
    const fresh = await tx
      .insert(defaultGrants)
      .values(pairs)
      .onConflictDoNothing()
      .returning({ role_id: defaultGrants.role_id, permission_name: defaultGrants.permission_name });
    const grants = fresh.flatMap((g) => {
      const permission_id = permIds.get(g.permission_name);
      return permission_id == null ? [] : [{ role_id: g.role_id, permission_id }];
    });
    if (grants.length) await tx.insert(rolePermissions).values(grants).onConflictDoNothing();
  });
}
