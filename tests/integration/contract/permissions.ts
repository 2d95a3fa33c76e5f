import { eq } from "drizzle-orm";
import { modules, permissions } from "@/db/schema";
import type { Env, Sample } from "./types";

// Permissions are global: no `foreign` samples. Writes are the SUPER ADMIN's and touch only throw-away
// permissions made in `before`: a registry permission deactivated here would revoke it for the other samples.
const scratch = { moduleId: 0, patch: 0, del: 0, restore: 0 };

async function moduleId(e: Env): Promise<number> {
  const [m] = await e.db.select({ id: modules.id }).from(modules).where(eq(modules.name, "Permissions"));
  return m.id;
}

async function throwAway(e: Env, name: string, deleted = false): Promise<number> {
  const [p] = await e.db
    .insert(permissions)
    .values({
      module_id: await moduleId(e),
      permission_name: `contract.${name}.${Date.now()}`,
      deleted_at: deleted ? new Date() : null,
    })
    .returning({ id: permissions.id });
  return p.id;
}

async function registryPermissionId(e: Env): Promise<number> {
  const [p] = await e.db
    .select({ id: permissions.id })
    .from(permissions)
    .where(eq(permissions.permission_name, "users.list"));
  return p.id;
}

export const permissionsSamples: Record<string, Sample> = {
  "GET permissions/masters": { path: () => "permissions/masters" },
  "GET permissions": { path: () => "permissions?page=1&rowsPerPage=5&show_deleted=0" },
  "POST permissions": {
    as: "super",
    before: async (e) => void (scratch.moduleId = await moduleId(e)),
    path: () => "permissions",
    body: () => ({ module_id: scratch.moduleId, permission_name: `contract.create.${Date.now()}` }),
  },
  "GET permissions/:id": { path: async (e) => `permissions/${await registryPermissionId(e)}` },
  "PATCH permissions/:id": {
    as: "super",
    before: async (e) => void (scratch.patch = await throwAway(e, "patch")),
    path: () => `permissions/${scratch.patch || 1}`,
    body: () => ({ is_active: 0 }),
  },
  "POST permissions/delete/:id": {
    as: "super",
    before: async (e) => void (scratch.del = await throwAway(e, "delete")),
    path: () => `permissions/delete/${scratch.del || 1}`,
  },
  "POST permissions/restore/:id": {
    as: "super",
    before: async (e) => void (scratch.restore = await throwAway(e, "restore", true)),
    path: () => `permissions/restore/${scratch.restore || 1}`,
  },
};
