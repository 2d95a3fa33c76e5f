import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, modules, positions, roles, users } from "@/db/schema";
import { asOwner, rowsOf } from "@/lib/platform/db";
import { seeded } from "../support/fixtures";

// What the database itself guarantees, whatever the code above it does: foreign keys, live-name uniqueness, and
// indexes behind the delete guards. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
});

/** The driver's error under drizzle's wrapper: SQLSTATE and the constraint it names (PGlite and postgres.js). */
async function dbErrorOf(p: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e, "the database should refuse this").not.toBeNull();
  for (let c: unknown = e; c; c = (c as { cause?: unknown }).cause) {
    const err = c as { code?: string; constraint?: string; constraint_name?: string };
    if (typeof err.code === "string" && /^[0-9A-Z]{5}$/.test(err.code))
      return { code: err.code, constraint: err.constraint ?? err.constraint_name };
  }
  throw e;
}

const addPosition = (companyId: number, name: string, deleted = false) =>
  db
    .insert(positions)
    .values({ company_id: companyId, name, deleted_at: deleted ? new Date() : null })
    .returning({ id: positions.id });

describe("live names", () => {
  it("refuses a second live position of the same name (any case) in one company", async () => {
    await addPosition(happy.id, "Night Walker");
    expect(await dbErrorOf(addPosition(happy.id, "NIGHT walker"))).toEqual({
      code: "23505",
      constraint: "positions_live_name_uq",
    });
    // A rename into a taken name is refused the same way.
    const [other] = await addPosition(happy.id, "Day Walker");
    expect(
      await dbErrorOf(db.update(positions).set({ name: "night WALKER" }).where(eq(positions.id, other.id))),
    ).toEqual({ code: "23505", constraint: "positions_live_name_uq" });
  });

  it("allows the same name in another company and beside trashed positions", async () => {
    await addPosition(happy.id, "Groomer");
    await expect(addPosition(wag.id, "Groomer")).resolves.toHaveLength(1);
    await addPosition(happy.id, "Trainer", true);
    await addPosition(happy.id, "TRAINER", true);
    const [live] = await addPosition(happy.id, "trainer");
    // Trashing the live one frees the name again.
    await db.update(positions).set({ deleted_at: new Date() }).where(eq(positions.id, live.id));
    await expect(addPosition(happy.id, "Trainer")).resolves.toHaveLength(1);
    const rows = await db
      .select()
      .from(positions)
      .where(sql`lower(${positions.name}) = 'trainer'`);
    expect(rows.filter((r) => r.company_id === happy.id && r.deleted_at == null)).toHaveLength(1);
  });

  it("refuses live duplicate role and module names (any case), not trashed ones", async () => {
    await db.insert(roles).values({ name: "Auditor" });
    expect(await dbErrorOf(db.insert(roles).values({ name: "AUDITOR" }))).toEqual({
      code: "23505",
      constraint: "roles_live_name_uq",
    });
    await expect(db.insert(roles).values({ name: "auditor", deleted_at: new Date() })).resolves.toBeDefined();

    await db.insert(modules).values({ name: "Kennels" });
    expect(await dbErrorOf(db.insert(modules).values({ name: "kennels" }))).toEqual({
      code: "23505",
      constraint: "modules_live_name_uq",
    });
    await expect(
      db.insert(modules).values({ name: "KENNELS", deleted_at: new Date() }),
    ).resolves.toBeDefined();
  });
});

describe("foreign keys", () => {
  it("refuses a position of a company that does not exist", async () => {
    expect(await dbErrorOf(addPosition(999_999, "Ghost"))).toEqual({
      code: "23503",
      constraint: "positions_company_id_companies_id_fk",
    });
  });

  it("refuses users pointing at a missing position, role or upline user", async () => {
    const base = {
      first_name: "Fk",
      last_name: "Check",
      password_hash: "x",
      company_id: happy.id,
      role_id: 4,
    };
    expect(
      await dbErrorOf(db.insert(users).values({ ...base, email: "fk1@schema.test", position_id: 999_999 })),
    ).toMatchObject({ code: "23503", constraint: "users_position_id_positions_id_fk" });
    expect(
      await dbErrorOf(db.insert(users).values({ ...base, email: "fk2@schema.test", role_id: 999 })),
    ).toMatchObject({ code: "23503", constraint: "users_role_id_roles_id_fk" });
    expect(
      await dbErrorOf(
        db.insert(users).values({ ...base, email: "fk3@schema.test", upline_user_id: 999_999 }),
      ),
    ).toMatchObject({ code: "23503", constraint: "users_upline_user_id_users_id_fk" });
  });
});

describe("indexes behind the delete guards", () => {
  /** The plan of a query, as text, with sequential scans ruled out so only a usable index can serve it. */
  async function planOf(query: ReturnType<typeof sql>): Promise<string> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = rowsOf<Record<string, string>>(await tx.execute(sql`explain ${query}`));
      return rows.map((r) => Object.values(r)[0]).join("\n");
    });
  }

  it("finds a live holder of a position or role through an index among thousands of users", async () => {
    const [pos] = await addPosition(happy.id, "Index Probe");
    await db.execute(sql`
      insert into ${users} (company_id, role_id, position_id, first_name, last_name, email, password_hash)
      select ${happy.id}::int, 4, case when g % 1000 = 0 then ${pos.id}::int end, 'Bulk', 'User' || g,
             'bulk' || g || '@schema.test', 'x'
      from generate_series(1, 3000) g`);
    await asOwner(sql`analyze ${users}`); // the server's role owns no table, and ANALYZE is the owner's

    const positionPlan = await planOf(
      sql`select id from ${users} where position_id = ${pos.id} and deleted_at is null limit 1`,
    );
    expect(positionPlan).toMatch(/Index (Only )?Scan using users_position_live_idx/);
    expect(positionPlan).not.toMatch(/Seq Scan/);

    const rolePlan = await planOf(
      sql`select id from ${users} where role_id = ${7} and deleted_at is null limit 1`,
    );
    expect(rolePlan).toMatch(/Scan using users_role_live_idx/);
    expect(rolePlan).not.toMatch(/Seq Scan/);

    // And the guard still answers right: a live holder is found, none once they are all trashed.
    const holders = async () =>
      rowsOf(
        await db.execute(
          sql`select id from ${users} where position_id = ${pos.id} and deleted_at is null limit 1`,
        ),
      ).length;
    expect(await holders()).toBe(1);
    await db.update(users).set({ deleted_at: new Date() }).where(eq(users.position_id, pos.id));
    expect(await holders()).toBe(0);
  });
});

describe("upgrading a database that predates the constraints", () => {
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

  type Engine = {
    migrate: (folder: string) => Promise<void>;
    exec: (text: string) => Promise<void>;
    query: <T>(text: string) => Promise<T[]>;
    close: () => Promise<void>;
  };

  /** A separate, empty database on the same engine as the suite (PGlite, or the TEST_DATABASE_URL server). */
  async function freshDatabase(): Promise<Engine> {
    const server = process.env.TEST_DATABASE_URL;
    if (server) {
      const { default: postgres } = await import("postgres");
      const { drizzle } = await import("drizzle-orm/postgres-js");
      const { migrate } = await import("drizzle-orm/postgres-js/migrator");
      const name = `portal_upgrade_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
      const admin = postgres(server, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      const url = new URL(server);
      url.pathname = `/${name}`;
      const client = postgres(url.toString(), { max: 1, onnotice: () => {} });
      const d = drizzle(client);
      return {
        migrate: (folder) => migrate(d, { migrationsFolder: folder }),
        exec: async (text) => void (await client.unsafe(text)),
        query: async <T>(text: string) => (await client.unsafe(text)) as unknown as T[],
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
      migrate: (folder) => migrate(d, { migrationsFolder: folder }),
      exec: async (text) => void (await pg.exec(text)),
      query: async <T>(text: string) => (await pg.query<T>(text)).rows,
      close: () => pg.close(),
    };
  }

  it("clears orphan references, drops orphan log rows and renames live duplicates, then adds the constraints", async () => {
    const e = await freshDatabase();
    try {
      await e.migrate(migrationsUpTo(3));
      const long = "L".repeat(100);
      await e.exec(`
        insert into companies (id, name, email, phone, address) values (1, 'Real', 'r@x.test', '1', 'a');
        insert into roles (id, name) values (1, 'SUPER ADMIN'), (3, 'BACKEND ADMIN'), (4, 'USER'),
          (7, 'Manager'), (8, 'manager'), (9, 'Manager (2)');
        insert into roles (id, name, deleted_at) values (10, 'MANAGER', now());
        insert into modules (id, name) values (1, 'Users'), (2, 'USERS');
        insert into positions (id, company_id, name, role_id) values
          (1, 1, 'Walker', 3), (2, 1, 'walker', 3), (3, 1, 'WALKER', 3), (5, 999, 'Orphan', 3),
          (6, 1, '${long}', 3), (7, 1, '${long.toLowerCase()}', 3), (8, 1, 'Gone role', 42);
        insert into positions (id, company_id, name, role_id, deleted_at) values (4, 1, 'Walker', 3, now());
        insert into franchisees (id, company_id, name) values (1, 1, 'Real F'), (2, 999, 'Orphan F');
        insert into users (id, company_id, role_id, position_id, franchisee_id, upline_user_id, first_name,
          last_name, email, password_hash) values
          (1, 1, 4, 1, 1, null, 'Ok', 'User', 'u1@x.test', 'x'),
          (2, 999, 4, null, null, null, 'No', 'Company', 'u2@x.test', 'x'),
          (3, 1, 4, 5, null, null, 'Orphan', 'Position', 'u3@x.test', 'x'),
          (4, 1, 4, 12345, null, null, 'Missing', 'Position', 'u4@x.test', 'x'),
          (5, 1, 4, null, 2, null, 'Orphan', 'Franchisee', 'u5@x.test', 'x'),
          (6, 1, 4, null, null, 9999, 'Missing', 'Upline', 'u6@x.test', 'x'),
          (7, 1, 77, null, null, 1, 'Missing', 'Role', 'u7@x.test', 'x');
        insert into user_timestamps (company_id, user_id, from_path) values
          (1, 1, '/kept'), (null, 1, '/kept-no-company'), (999, 1, '/orphan-company'), (1, 9999, '/orphan-user');
        insert into notifications (company_id, user_id, title) values
          (1, 1, 'kept'), (null, 1, 'kept-no-company'), (999, 1, 'orphan-company'), (1, 9999, 'orphan-user');
        insert into stored_files (company_id, key, content_type, size) values
          (1, 'kept', 'image/png', 1), (null, 'kept-public', 'image/png', 1), (999, 'orphan', 'image/png', 1);
        insert into staged_rows (company_id, uploaded_by, kind, row_no, data) values
          (1, 1, 'users', 1, '{}'), (999, 1, 'users', 2, '{}'), (1, 9999, 'users', 3, '{}');
        insert into staged_users (company_id, uploaded_by, row_no) values (1, 1, 1), (999, 1, 2), (1, 9999, 3);
      `);

      await e.migrate(path.join(process.cwd(), "db", "migrations"));

      const names = async (table: string) =>
        Object.fromEntries(
          (await e.query<{ id: number; name: string }>(`select id, name from ${table} order by id`)).map(
            (r) => [r.id, r.name],
          ),
        );
      expect(await names("roles")).toEqual({
        1: "SUPER ADMIN",
        3: "BACKEND ADMIN",
        4: "USER",
        7: "Manager",
        8: "manager (3)",
        9: "Manager (2)",
        10: "MANAGER",
      });
      expect(await names("modules")).toEqual({ 1: "Users", 2: "USERS (2)" });
      expect(await names("positions")).toEqual({
        1: "Walker",
        2: "walker (2)",
        3: "WALKER (3)",
        4: "Walker",
        6: long,
        7: `${"l".repeat(96)} (2)`,
        8: "Gone role",
      });
      expect(await e.query(`select role_id from positions where id = 8`)).toEqual([{ role_id: 3 }]);
      expect(await names("franchisees")).toEqual({ 1: "Real F" });

      const u = await e.query<Record<string, number | null>>(
        `select id, company_id, role_id, position_id, franchisee_id, upline_user_id, is_active from users order by id`,
      );
      expect(u).toEqual([
        {
          id: 1,
          company_id: 1,
          role_id: 4,
          position_id: 1,
          franchisee_id: 1,
          upline_user_id: null,
          is_active: 1,
        },
        {
          id: 2,
          company_id: null,
          role_id: 4,
          position_id: null,
          franchisee_id: null,
          upline_user_id: null,
          is_active: 1,
        },
        {
          id: 3,
          company_id: 1,
          role_id: 4,
          position_id: null,
          franchisee_id: null,
          upline_user_id: null,
          is_active: 1,
        },
        {
          id: 4,
          company_id: 1,
          role_id: 4,
          position_id: null,
          franchisee_id: null,
          upline_user_id: null,
          is_active: 1,
        },
        {
          id: 5,
          company_id: 1,
          role_id: 4,
          position_id: null,
          franchisee_id: null,
          upline_user_id: null,
          is_active: 1,
        },
        {
          id: 6,
          company_id: 1,
          role_id: 4,
          position_id: null,
          franchisee_id: null,
          upline_user_id: null,
          is_active: 1,
        },
        // Its role is gone: USER, and deactivated, so it still cannot sign in.
        {
          id: 7,
          company_id: 1,
          role_id: 4,
          position_id: null,
          franchisee_id: null,
          upline_user_id: 1,
          is_active: 0,
        },
      ]);

      const col = async (q: string) => (await e.query<{ v: string }>(q)).map((r) => r.v);
      expect(await col(`select from_path as v from user_timestamps order by id`)).toEqual([
        "/kept",
        "/kept-no-company",
      ]);
      expect(await col(`select title as v from notifications order by id`)).toEqual([
        "kept",
        "kept-no-company",
      ]);
      expect(await col(`select key as v from stored_files order by id`)).toEqual(["kept", "kept-public"]);
      expect(await col(`select row_no::text as v from staged_rows order by id`)).toEqual(["1"]);
      // The old users-only staging table is gone (staged_rows replaced it).
      expect(await col(`select to_regclass('staged_users')::text as v`)).toEqual([null]);

      // The constraints are in place now.
      await expect(
        e.exec(`insert into positions (id, company_id, name) values (100, 999, 'Ghost')`),
      ).rejects.toThrow(/positions_company_id_companies_id_fk/);
      await expect(
        e.exec(`insert into positions (id, company_id, name) values (101, 1, 'WALKER (2)')`),
      ).rejects.toThrow(/positions_live_name_uq/);
    } finally {
      await e.close();
    }
  });
});
