import { eq } from "drizzle-orm";
import { modules } from "@/db/schema";
import type { Env, Sample } from "./types";

// Modules are global: no `foreign` samples (there is no other company's module). Writes are the SUPER ADMIN's;
// each write works on a throw-away module made in `before`, so the seeded catalogue stays as other tests expect.
const scratch = { patch: 0, del: 0, restore: 0 };

async function throwAway(e: Env, name: string, deleted = false): Promise<number> {
  const [m] = await e.db
    .insert(modules)
    .values({ name: `${name} ${Date.now()}`, deleted_at: deleted ? new Date() : null })
    .returning({ id: modules.id });
  return m.id;
}

async function usersModuleId(e: Env): Promise<number> {
  const [m] = await e.db.select({ id: modules.id }).from(modules).where(eq(modules.name, "Users"));
  return m.id;
}

export const modulesSamples: Record<string, Sample> = {
  "GET modules": { path: () => "modules?page=1&rowsPerPage=5&is_active=1" },
  "GET module_exports": { path: () => "module_exports?search_keyword=user" },
  "POST modules": {
    as: "super",
    path: () => "modules",
    body: () => ({ name: `Contract Module ${Date.now()}` }),
  },
  "GET modules/:id": { path: async (e) => `modules/${await usersModuleId(e)}` },
  "PATCH modules/:id": {
    as: "super",
    before: async (e) => void (scratch.patch = await throwAway(e, "Contract Patch")),
    path: () => `modules/${scratch.patch || 1}`,
    body: () => ({ is_active: 0 }),
  },
  "POST modules/delete/:id": {
    as: "super",
    before: async (e) => void (scratch.del = await throwAway(e, "Contract Delete")),
    path: () => `modules/delete/${scratch.del || 1}`,
  },
  "POST modules/restore/:id": {
    as: "super",
    before: async (e) => void (scratch.restore = await throwAway(e, "Contract Restore", true)),
    path: () => `modules/restore/${scratch.restore || 1}`,
  },
};
