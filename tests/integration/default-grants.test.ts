import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { defaultGrants, modules, permissions, rolePermissions, roles } from "@/db/schema";
import { bootstrap } from "@/lib/seed";
import { defaultGrantPairs, seedSystem } from "@/lib/seed/system";
import type { Db, Executor } from "@/lib/platform/db";
import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_REGISTRY, ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { seeded } from "../support/fixtures";

// The seed's default grants on a database that already exists: a permission new in a release reaches its default
// roles once; a grant an admin removed is never given back.

let db: Db;

beforeAll(async () => {
  ({ db } = await seeded());
});

/** Which of `names` the role holds. */
async function held(x: Executor, roleId: number, names: string[]): Promise<string[]> {
  const rows = await x
    .select({ name: permissions.permission_name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permission_id))
    .where(and(eq(rolePermissions.role_id, roleId), inArray(permissions.permission_name, names)));
  return rows.map((r) => r.name).sort();
}

/** What an admin does on the Roles screen: takes a permission away from a role. */
async function revoke(x: Executor, roleId: number, name: string) {
  const [p] = await x.select().from(permissions).where(eq(permissions.permission_name, name));
  await x
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.role_id, roleId), eq(rolePermissions.permission_id, p.id)));
}

// A "release" adds a module and a permission to the registry, granted by default to ADMIN and SUPER ADMIN.
const registry = PERMISSION_REGISTRY as unknown as Record<string, string[]>;
const defaults = DEFAULT_ROLE_PERMISSIONS as Record<string, string[]>;
const saved = { ...defaults };
function release(name: string) {
  registry["Kennels"] = [name];
  defaults[ROLE.ADMIN] = [...saved[ROLE.ADMIN], name];
  defaults[ROLE.SUPER_ADMIN] = [...saved[ROLE.SUPER_ADMIN], name];
}
afterEach(() => {
  delete registry["Kennels"];
  Object.assign(defaults, saved);
});

describe("default grants", () => {
  it("a fresh database holds every default grant, each recorded as applied", async () => {
    expect(await held(db, ROLE_IDS[ROLE.FRANCHISEE_ADMIN], ["users.create", "users.delete"])).toEqual([
      "users.create",
    ]);
    const recorded = await db.select().from(defaultGrants);
    expect(recorded.map((r) => `${r.role_id}:${r.permission_name}`).sort()).toEqual(
      defaultGrantPairs()
        .map((p) => `${p.role_id}:${p.permission_name}`)
        .sort(),
    );
  });

  it("grants a permission new in a release to its default roles, and leaves a removed grant removed", async () => {
    const admin = ROLE_IDS[ROLE.ADMIN];
    await revoke(db, admin, "users.export");
    release("kennels.list");
    await bootstrap({ demo: false });

    expect(await held(db, admin, ["kennels.list", "users.export", "users.list"])).toEqual([
      "kennels.list",
      "users.list",
    ]);
    expect(await held(db, ROLE_IDS[ROLE.SUPER_ADMIN], ["kennels.list"])).toEqual(["kennels.list"]);
    // Not a default of BACKEND ADMIN: not granted there.
    expect(await held(db, ROLE_IDS[ROLE.BACKEND_ADMIN], ["kennels.list"])).toEqual([]);

    // Once applied, an admin's removal of the new grant is final too.
    await revoke(db, admin, "kennels.list");
    await bootstrap({ demo: false });
    expect(await held(db, admin, ["kennels.list", "users.export"])).toEqual([]);
  });

  it("applies a default pair whose record is missing (a release that added it to a role), once", async () => {
    const fa = ROLE_IDS[ROLE.FRANCHISEE_ADMIN];
    await revoke(db, fa, "users.update");
    await db
      .delete(defaultGrants)
      .where(and(eq(defaultGrants.role_id, fa), eq(defaultGrants.permission_name, "users.update")));
    await bootstrap({ demo: false });
    expect(await held(db, fa, ["users.update"])).toEqual(["users.update"]);
    const [row] = await db
      .select()
      .from(defaultGrants)
      .where(and(eq(defaultGrants.role_id, fa), eq(defaultGrants.permission_name, "users.update")));
    expect(row.granted_at).toBeInstanceOf(Date);
  });
});

describe("upgrading a database seeded by an earlier release", () => {
  /** A migrations folder holding only the first `count` migrations of db/migrations. */
  function migrationsUpTo(count: number): string {
    const src = path.join(process.cwd(), "db", "migrations");
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-migrations-"));
    fs.mkdirSync(path.join(dir, "meta"));
    const journal = JSON.parse(fs.readFileSync(path.join(src, "meta", "_journal.json"), "utf8"));
    journal.entries = journal.entries.slice(0, count);
    fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
    for (const e of journal.entries)
      fs.copyFileSync(path.join(src, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
    return dir;
  }

  type Engine = { db: Db; migrate: (folder: string) => Promise<void>; close: () => Promise<void> };

  /** A separate, empty database on the suite's engine (PGlite, or the TEST_DATABASE_URL server). */
  async function freshDatabase(): Promise<Engine> {
    const server = process.env.TEST_DATABASE_URL;
    if (server) {
      const { default: postgres } = await import("postgres");
      const { drizzle } = await import("drizzle-orm/postgres-js");
      const { migrate } = await import("drizzle-orm/postgres-js/migrator");
      const name = `portal_grants_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      const admin = postgres(server, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      const url = new URL(server);
      url.pathname = `/${name}`;
      const client = postgres(url.toString(), { max: 1, onnotice: () => {} });
      const d = drizzle(client);
      return {
        db: d as unknown as Db,
        migrate: (folder) => migrate(d, { migrationsFolder: folder }),
        close: async () => {
          await client.end({ timeout: 5 });
          await admin.unsafe(`drop database if exists ${name} with (force)`);
          await admin.end();
        },
      };
    }
    const { PGlite } = await import("@electric-sql/pglite");
    const { pg_trgm } = await import("@electric-sql/pglite/contrib/pg_trgm");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const pg = await PGlite.create({ extensions: { pg_trgm } });
    const d = drizzle(pg);
    return {
      db: d as unknown as Db,
      migrate: (folder) => migrate(d, { migrationsFolder: folder }),
      close: () => pg.close(),
    };
  }

  /** What the seed of the earlier release wrote: roles, modules, permissions and default grants, without `missing`. */
  async function earlierSeed(x: Db, missing: string) {
    for (const [name, id] of Object.entries(ROLE_IDS)) await x.insert(roles).values({ id, name });
    const ids = new Map<string, number>();
    for (const [moduleName, names] of Object.entries(PERMISSION_REGISTRY)) {
      const [m] = await x.insert(modules).values({ name: moduleName }).returning();
      for (const name of names.filter((n) => n !== missing)) {
        const [p] = await x
          .insert(permissions)
          .values({ module_id: m.id, permission_name: name })
          .returning();
        ids.set(name, p.id);
      }
    }
    const grants = defaultGrantPairs().filter((g) => ids.has(g.permission_name));
    await x
      .insert(rolePermissions)
      .values(grants.map((g) => ({ role_id: g.role_id, permission_id: ids.get(g.permission_name)! })));
  }

  it("keeps the earlier release's grants as the admins left them and grants only what is new", async () => {
    const e = await freshDatabase();
    try {
      // The earlier release: its schema, its seed (every registry permission but audit.view, granted by default;
      // no record of what it granted), then an admin who took users.export away from ADMIN.
      await e.migrate(migrationsUpTo(4));
      await earlierSeed(e.db, "audit.view");
      const admin = ROLE_IDS[ROLE.ADMIN];
      await revoke(e.db, admin, "users.export");
      expect(await held(e.db, admin, ["audit.view", "users.export", "users.list"])).toEqual(["users.list"]);

      await e.migrate(path.join(process.cwd(), "db", "migrations"));
      await seedSystem(e.db);

      expect(await held(e.db, admin, ["audit.view", "users.export", "users.list"])).toEqual([
        "audit.view",
        "users.list",
      ]);
      expect(await held(e.db, ROLE_IDS[ROLE.FRANCHISEE_ADMIN], ["audit.view", "users.create"])).toEqual([
        "users.create",
      ]);
    } finally {
      await e.close();
    }
  });
});
