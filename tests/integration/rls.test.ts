import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { positions, users } from "@/db/schema";
import { positionCreateSchema, positionsDef } from "@/lib/admin/positions";
import { listUsers } from "@/lib/admin/users/users";
import { defineEntity, getOf, globalScope, listOf } from "@/lib/platform/entity";
import { asOwner, rowsOf, watchStatements, type Db, type Tx } from "@/lib/platform/db";
import { asPlatform, bindRequest, inRequest, withCaller } from "@/lib/platform/rls";
import { adminEmail, api, ctxFor, seeded, superEmail, tokenFor } from "../support/fixtures";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { registry } from "@/lib/registry";

// Row-level security (db/migrations/0026_row_level_security.sql, lib/platform/rls.ts): the database's own wall
// between companies, behind the kernel's scopes. Raw SQL as the server's role, on PGlite and on PostgreSQL.

let db: Db;
let happy: number;
let wag: number;
let tables: string[];

/** Runs `fn` in a transaction as the server's role with the settings given (raw SQL, no kernel). */
async function as<T>(
  s: { company?: number | null; platform?: boolean; user?: number },
  fn: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('app.company_id', ${s.company == null ? "" : String(s.company)}, true),
        set_config('app.user_id', ${s.user == null ? "" : String(s.user)}, true),
        set_config('app.platform', ${s.platform ? "on" : ""}, true)`,
    );
    return fn(tx);
  });
}

/** The error (or its cause: drizzle wraps the driver's) is PostgreSQL's row-level security refusal. */
function refusedByPolicy(e: unknown): boolean {
  for (let x = e as { message?: string; cause?: unknown } | undefined; x; x = x.cause as typeof x)
    if (/row-level security/.test(x.message ?? "")) return true;
  return false;
}

async function count(tx: Tx, table: string, company: number): Promise<number> {
  const r = rowsOf<{ n: number }>(
    await tx.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where company_id = ${company}`,
    ),
  );
  return Number(r[0].n);
}

beforeAll(async () => {
  const s = await seeded();
  db = s.db;
  happy = s.happy.id;
  wag = s.wag.id;
  tables = rowsOf<{ t: string }>(
    await db.execute(sql`select c.relname as t from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped
      where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`),
  ).map((r) => r.t);
});

describe("row-level security", () => {
  it("is on and forced, with a policy, on every table that has a company_id column (read from pg_catalog)", async () => {
    const rows = rowsOf<{ t: string; rls: boolean; forced: boolean; policies: number }>(
      await db.execute(sql`select c.relname as t, c.relrowsecurity as rls, c.relforcerowsecurity as forced,
          (select count(*)::int from pg_policy p where p.polrelid = c.oid) as policies
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped
        where n.nspname = 'public' and c.relkind in ('r', 'p')`),
    );
    expect(rows.length).toBeGreaterThanOrEqual(39);
    const missing = rows.filter((r) => !r.rls || !r.forced || Number(r.policies) < 1).map((r) => r.t);
    expect(missing).toEqual([]);
  });

  it("serves as portal_app, which owns nothing and can neither bypass RLS nor log in", async () => {
    const [me] = rowsOf<{ u: string }>(await db.execute(sql`select current_user as u`));
    expect(me.u).toBe("portal_app");
    const [role] = rowsOf<{ rolsuper: boolean; rolbypassrls: boolean; rolcanlogin: boolean; owns: number }>(
      await db.execute(sql`select rolsuper, rolbypassrls, rolcanlogin,
          (select count(*)::int from pg_class c where c.relowner = r.oid) as owns
        from pg_roles r where rolname = 'portal_app'`),
    );
    expect(role).toMatchObject({ rolsuper: false, rolbypassrls: false, rolcanlogin: false });
    expect(Number(role.owns)).toBe(0);
  });

  it("with one company set, raw SQL sees none of another company's rows in any company-owned table", async () => {
    const seen = await as({ platform: true }, async (tx) => {
      const out: Record<string, number> = {};
      for (const t of tables) out[t] = await count(tx, t, wag);
      return out;
    });
    // The demo data gives the other company rows in most tables: the check below is not vacuous.
    expect(Object.values(seen).filter((n) => n > 0).length).toBeGreaterThanOrEqual(10);
    const leaked = await as({ company: happy }, async (tx) => {
      const out: Record<string, number> = {};
      for (const t of tables) {
        const n = await count(tx, t, wag);
        if (n) out[t] = n;
      }
      return out;
    });
    expect(leaked).toEqual({});
    // ...while the company set sees its own.
    const own = await as({ company: wag }, async (tx) => {
      const out: Record<string, number> = {};
      for (const t of tables) out[t] = await count(tx, t, wag);
      return out;
    });
    for (const t of ["users", "positions", "services", "franchisees", "user_monthly_job_requests"])
      expect(own[t]).toBe(seen[t]);
  });

  it("with nothing set (no company, not platform), sees no company's rows", async () => {
    const leaked = await as({}, async (tx) => {
      const out: Record<string, number> = {};
      for (const t of tables) {
        const n = (await count(tx, t, wag)) + (await count(tx, t, happy));
        if (n) out[t] = n;
      }
      return out;
    });
    expect(leaked).toEqual({});
  });

  it("cannot insert into, update or delete another company's rows", async () => {
    const [theirs] = await asPlatform("test", () =>
      db.select().from(positions).where(eq(positions.company_id, wag)).limit(1),
    );
    expect(theirs).toBeDefined();
    await expect(
      as({ company: happy }, (tx) =>
        tx.execute(
          sql`insert into positions (company_id, name, role_id) values (${wag}, 'Planted', ${theirs.role_id})`,
        ),
      ),
    ).rejects.toSatisfy(refusedByPolicy);
    // Moving one's own row into the other company is refused the same way.
    await expect(
      as({ company: happy }, (tx) =>
        tx.execute(sql`update positions set company_id = ${wag} where company_id = ${happy}`),
      ),
    ).rejects.toSatisfy(refusedByPolicy);
    const changed = await as({ company: happy }, async (tx) => ({
      updated: rowsOf(
        await tx.execute(sql`update positions set name = 'Taken' where id = ${theirs.id} returning id`),
      ).length,
      deleted: rowsOf(await tx.execute(sql`delete from positions where company_id = ${wag} returning id`))
        .length,
    }));
    expect(changed).toEqual({ updated: 0, deleted: 0 });
    const [after] = await asPlatform("test", () =>
      db.select().from(positions).where(eq(positions.id, theirs.id)),
    );
    expect(after.name).toBe(theirs.name);
  });

  it("holds through the kernel with the scope removed: a list and a read see only the caller's company", async () => {
    const unscoped = defineEntity({
      name: "positions",
      noun: "Position",
      href: "/positions",
      table: positions,
      scope: globalScope, // the scope a future change might forget
      create: positionCreateSchema,
      list: positionsDef.list,
    });
    const ctx = await ctxFor(adminEmail, happy);
    expect(ctx.companyId).toBe(happy);
    const list = listOf(unscoped);
    const get = getOf(unscoped);
    const [theirs] = await asPlatform("test", () =>
      db.select({ id: positions.id }).from(positions).where(eq(positions.company_id, wag)).limit(1),
    );
    // A SUPER ADMIN acting for no company runs as platform work (no wall): the unscoped list really does reach
    // the other company's rows...
    const all = await list(await ctxFor(superEmail, null), { per_page: "500" });
    expect(all.data.some((r) => r.id === theirs.id)).toBe(true);
    // ...as the caller, it does not.
    const mine = await list(ctx, { per_page: "500" });
    expect(mine.data.length).toBeGreaterThan(0);
    expect(mine.data.some((r) => r.id === theirs.id)).toBe(false);
    const ids = mine.data.map((r) => r.id);
    const companies = await asPlatform("test", () =>
      db
        .selectDistinct({ c: positions.company_id })
        .from(positions)
        .where(sql`${positions.id} in ${ids}`),
    );
    expect(companies).toEqual([{ c: happy }]);
    await expect(get(ctx, theirs.id)).rejects.toMatchObject({ status: 404 });
  });

  it("a statement bound to nothing sees no company's rows when RLS_UNBOUND=closed", async () => {
    const all = await db.select({ id: positions.id }).from(positions); // unbound: platform, the default
    expect(all.length).toBeGreaterThan(0);
    process.env.RLS_UNBOUND = "closed";
    try {
      expect(await db.select({ id: positions.id }).from(positions)).toEqual([]);
    } finally {
      delete process.env.RLS_UNBOUND;
    }
  });

  it("keeps a big list's estimated count: the policy's condition is not counted as one more filter", async () => {
    const [some] = await asPlatform("test", () =>
      db.select({ role_id: positions.role_id }).from(positions).limit(1),
    );
    // 15,000 more positions in each company (beyond EXACT_COUNT_LIMIT, so the list estimates its count).
    for (const c of [happy, wag])
      await asPlatform("test", () =>
        db.execute(sql`insert into positions (company_id, name, role_id)
          select ${c}::int, 'Estimate ' || g, ${some.role_id}::int from generate_series(1, 15000) g`),
      );
    await asOwner(sql`analyze positions`);
    const ctx = await ctxFor(adminEmail, happy);
    const page = await listOf(positionsDef)(ctx, {});
    expect(page.count_estimated).toBe(true);
    // Without the correction the planner halves it (two companies) and the list answers its floor, 10,001.
    expect(page.count).toBeGreaterThan(13_500);
    expect(page.count).toBeLessThan(17_000);
  });

  it("binds each statement, not the connection: callers of two companies at once each see their own", async () => {
    const a = await ctxFor(adminEmail, happy);
    const b = await ctxFor("admin@wagnation.test", wag);
    const list = listOf(
      defineEntity({
        name: "positions",
        noun: "Position",
        href: "/positions",
        table: positions,
        scope: globalScope,
        create: positionCreateSchema,
        list: positionsDef.list,
      }),
    );
    const runs = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2 ? list(b, { per_page: "500" }) : list(a, { per_page: "500" }),
      ),
    );
    const companyOf = async (ids: number[]) =>
      (
        await asPlatform("test", () =>
          db
            .selectDistinct({ c: positions.company_id })
            .from(positions)
            .where(sql`${positions.id} in ${ids}`),
        )
      ).map((r) => r.c);
    for (const [i, r] of runs.entries()) {
      expect(await companyOf(r.data.map((x) => x.id))).toEqual([i % 2 ? wag : happy]);
    }
  });
});

describe("row-level security and search", () => {
  it("counts a search whose matches the index found beforehand exactly, in the page's statement", async () => {
    const ctx = await ctxFor(adminEmail, happy);
    const term = "happypaws.test";
    const w = watchStatements();
    let found;
    try {
      found = await listUsers(ctx, { search_keyword: term, rowsPerPage: "10" });
    } finally {
      w.stop();
    }
    // Every match on one page: the rows themselves.
    const n = (await listUsers(ctx, { search_keyword: term, rowsPerPage: "100" })).data.length;
    // More than a page, fewer than SEARCH_IDS_CAP: the count is the real one, not the planner's guess, and no
    // estimate was planned for it.
    expect(n).toBeGreaterThan(10);
    expect(found.data).toHaveLength(10);
    expect(found.count_estimated).toBe(false);
    expect(found.count).toBe(n);
    expect(w.statements.filter((s) => /^\s*explain/i.test(s))).toEqual([]);
  });

  it("finds the caller's company's rows by the trigram index, never another company's", async () => {
    const ctx = await ctxFor(adminEmail, happy);
    const mine = (await listUsers(ctx, {})).data[0] as { id: number; email: string };
    const [theirs] = await asPlatform("test", () =>
      db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.company_id, wag))
        .orderBy(users.id)
        .limit(1),
    );
    const found = await listUsers(ctx, { search_keyword: mine.email.toUpperCase() });
    expect(found.data.map((r) => r.id)).toContain(mine.id);
    expect((await listUsers(ctx, { search_keyword: theirs.email })).data).toEqual([]);
    // The database's own lookup, raw, bound to one company: ids of that company's rows only, whatever is asked.
    const ids = (c: number | null, platform: boolean, table: string, pattern: string) =>
      as({ company: c, platform }, async (tx) =>
        rowsOf<{ id: number }>(
          await tx.execute(sql`select unnest(app_search_ids(${table}::regclass, ${pattern}, null)) as id`),
        ).map((r) => Number(r.id)),
      );
    expect(await ids(happy, false, "users", `%${theirs.email}%`)).toEqual([]);
    expect(await ids(wag, false, "users", `%${theirs.email}%`)).toEqual([theirs.id]);
    expect(await ids(null, false, "users", "%")).toEqual([]);
    // More matches than asked for: none named (the list tests a common term row by row instead).
    const capped = await as({ company: wag }, async (tx) =>
      rowsOf<{ ids: unknown }>(
        await tx.execute(sql`select app_search_ids('users'::regclass, '%', 1) as ids`),
      ),
    );
    expect(capped[0].ids).toBeNull();
    expect((await ids(null, true, "users", `%${theirs.email}%`)).length).toBe(1);
    // Every table a list searches by a trigram index is served, the new ones included (one function for all).
    const searched = rowsOf<{ t: string }>(
      await db.execute(sql`select distinct c.relname as t from pg_index i
        join pg_class c on c.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid
        join pg_opclass o on o.oid = i.indclass[0]
        where o.opcname = 'gin_trgm_ops' and ic.relname like '%\\_search\\_idx' and c.relname in ${tables}`),
    ).map((r) => r.t);
    expect(searched).toContain("users");
    for (const t of searched) {
      const all = await as({ company: wag }, (tx) => count(tx, t, wag));
      expect((await ids(wag, false, t, "%")).length, t).toBe(all);
    }
  });
});

describe("row-level security and a search through other tables", () => {
  it("looks up the customers and the addresses of monthly requests in one statement, and finds by either", async () => {
    const ctx = await ctxFor(adminEmail, happy);
    const [r] = rowsOf<{ id: number; email: string; address: string }>(
      await asPlatform("test", () =>
        db.execute(sql`select r.id, u.email, a.address from user_monthly_job_requests r
          join users u on u.id = r.user_id join user_addresses a on a.id = r.user_address_id
          where r.company_id = ${happy} and r.deleted_at is null order by r.id limit 1`),
      ),
    );
    const def = registry.find((x) => x.def.name === "user_monthly_job_requests")!.def;
    const w = watchStatements();
    const byCustomer = await listOf(def)(ctx, { search_keyword: r.email.toUpperCase() });
    w.stop();
    expect(byCustomer.data.map((x) => (x as { id: number }).id)).toContain(r.id);
    // One lookup statement asks both trigram indexes (users and user_addresses), not a statement (and a
    // connection) each.
    const lookups = w.statements.filter((s) => /app_search_ids/.test(s));
    expect(lookups).toHaveLength(1);
    expect(lookups[0].match(/app_search_ids\(/g)).toHaveLength(2);
    const street = r.address.split(",")[1].trim();
    const byAddress = await listOf(def)(ctx, { search_keyword: street });
    expect(byAddress.data.map((x) => (x as { id: number }).id)).toContain(r.id);
  });
});

describe("row-level security and a common search through other tables", () => {
  const surname = "Quailsong";
  it("counts a common customer name's monthly requests from the statistics: no EXPLAIN planned", async () => {
    const customer = ROLE_IDS[ROLE.USER];
    await asPlatform("test", async () => {
      // More customers with the name than the index looks up beforehand (SEARCH_IDS_CAP), 40 with a request.
      await db.execute(sql`insert into users (company_id, role_id, first_name, last_name, email, password_hash)
        select ${happy}::int, ${customer}::int, 'Quail ' || g, ${surname}, 'qs' || g || '@quail.test', 'x'
        from generate_series(1, 1500) g`);
      await db.execute(sql`insert into user_monthly_job_requests (company_id, user_id, month, year, start_date, end_date)
        select ${happy}::int, u.id, 12, 2026, '2026-12-01', '2026-12-31' from users u
        where u.last_name = ${surname} order by u.id limit 40`);
    });
    await asOwner(sql`analyze users`, sql`analyze user_monthly_job_requests`);
    try {
      const ctx = await ctxFor(adminEmail, happy);
      const def = registry.find((x) => x.def.name === "user_monthly_job_requests")!.def;
      await listOf(def)(ctx, { search_keyword: surname.toLowerCase() });
      const w = watchStatements();
      const found = (await listOf(def)(ctx, { search_keyword: surname.toLowerCase() })) as unknown as {
        data: { user_name: string }[];
        count: number;
        count_estimated: boolean;
      };
      w.stop();
      expect(found.data).toHaveLength(10);
      expect(found.data.every((r) => r.user_name.includes(surname))).toBe(true);
      expect(found.count_estimated).toBe(true);
      expect(found.count).toBeGreaterThanOrEqual(11);
      // The lookup brought the customers' share with their (too many) ids: the count is that share of the list,
      // and no EXPLAIN of the search was planned beside the page.
      const mine = w.statements.filter((x) => !/set_config\('app\./.test(x));
      expect(mine.filter((x) => /app_search_ids/.test(x) && /app_search_share/.test(x))).toHaveLength(1);
      expect(mine.filter((x) => /^\s*explain/i.test(x))).toEqual([]);
    } finally {
      await asPlatform("test", async () => {
        await db.execute(sql`delete from user_monthly_job_requests where user_id in
          (select id from users where last_name = ${surname})`);
        await db.execute(sql`delete from users where last_name = ${surname}`);
      });
    }
  });
});

describe("row-level security and a common search's count", () => {
  const surname = "Zebrafinch";
  afterAll(async () => {
    await asPlatform("test", () => db.execute(sql`delete from users where last_name = ${surname}`));
  });

  it("estimates a term too common to count from the statistics, not PostgreSQL's default guess", async () => {
    // 3,000 of the company's customers carry one surname: more than the index looks up beforehand (SEARCH_IDS_CAP),
    // so the count is an estimate; under the policies the list's own EXPLAIN cannot see the statistics.
    const customer = ROLE_IDS[ROLE.USER];
    await asPlatform("test", () =>
      db.execute(sql`insert into users (company_id, role_id, first_name, last_name, email, password_hash)
        select ${happy}::int, ${customer}::int, 'Bird ' || g, ${surname}, 'zf' || g || '@finch.test', 'x'
        from generate_series(1, 3000) g`),
    );
    await asOwner(sql`analyze users`);
    const ctx = await ctxFor(adminEmail, happy);
    const found = await listUsers(ctx, { search_keyword: surname.toLowerCase(), role_id: String(customer) });
    expect(found.count_estimated).toBe(true);
    expect(found.data.every((r) => (r as { last_name: string }).last_name === surname)).toBe(true);
    // Within a factor of two of the 3,000 (the default guess answered a few dozen).
    expect(found.count).toBeGreaterThan(1500);
    expect(found.count).toBeLessThan(6000);

    // The next common search (a user typing on) asks the index and the statistics in one statement, and reads its
    // page: the list's own estimate without the search is remembered, not planned again.
    const w = watchStatements();
    const next = await listUsers(ctx, {
      search_keyword: surname.slice(0, 5).toLowerCase(),
      role_id: String(customer),
    });
    w.stop();
    expect(next.count_estimated).toBe(true);
    expect(next.count).toBeGreaterThan(1500);
    const mine = w.statements.filter((s) => !/set_config\('app\./.test(s));
    expect(mine.filter((s) => /app_search_ids/.test(s))).toHaveLength(1);
    expect(mine.filter((s) => /app_search_share/.test(s))).toHaveLength(1);
    expect(mine.some((s) => /app_search_ids/.test(s) && /app_search_share/.test(s))).toBe(true);
    expect(mine.filter((s) => /^\s*explain/i.test(s))).toHaveLength(0);
  });
});

describe("row-level security in a request", () => {
  const onPostgres = () => !!process.env.TEST_DATABASE_URL;
  type Seen = { company: string; platform: string; pid: number };
  const seenNow = async (ex: Pick<Db, "execute"> = db): Promise<Seen> => {
    const [r] = rowsOf<Seen>(
      await ex.execute(sql`select current_setting('app.company_id', true) as company,
        current_setting('app.platform', true) as platform, pg_backend_pid() as pid`),
    );
    return { ...r, pid: Number(r.pid) };
  };

  it("binds a request's statements: nothing until its caller is known, platform steps, then their company", async () => {
    const ctx = await ctxFor(adminEmail, happy);
    const seen = await inRequest(async () => {
      const before = await seenNow();
      const platform = await asPlatform("test", () => seenNow());
      bindRequest(ctx);
      return { before, platform, first: await seenNow(), second: await seenNow() };
    });
    expect(seen.before).toMatchObject({ company: "", platform: "" });
    expect(seen.platform).toMatchObject({ company: "", platform: "on" });
    expect(seen.first).toMatchObject({ company: String(happy), platform: "" });
    expect(seen.second).toMatchObject({ company: String(happy), platform: "" });
  });

  it("never runs a statement under the settings a pooled connection kept from another company's", async () => {
    const [a, b] = await Promise.all([ctxFor(adminEmail, happy), ctxFor("admin@wagnation.test", wag)]);
    // Many at once, so that the pool's connections each run for both companies in turn.
    const both = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        withCaller(i % 2 ? b : a, async () => ({ i, seen: await seenNow() })),
      ),
    );
    for (const { i, seen } of both) expect(seen.company).toBe(String(i % 2 ? wag : happy));
    if (onPostgres()) expect(new Set(both.map((x) => x.seen.pid)).size).toBeGreaterThan(1);
    // Then unbound, under RLS_UNBOUND=closed: no company's settings are left over.
    const prev = process.env.RLS_UNBOUND;
    process.env.RLS_UNBOUND = "closed";
    try {
      const after = await Promise.all(Array.from({ length: 20 }, () => seenNow()));
      for (const x of after) expect(x).toMatchObject({ company: "", platform: "" });
    } finally {
      if (prev === undefined) delete process.env.RLS_UNBOUND;
      else process.env.RLS_UNBOUND = prev;
    }
  });

  it("binds a request's transactions to the caller: committed, rolled back, nested", async () => {
    const ctx = await ctxFor(adminEmail, happy);
    const [some] = await asPlatform("test", () =>
      db
        .select({ role_id: positions.role_id })
        .from(positions)
        .where(eq(positions.company_id, happy))
        .limit(1),
    );
    const names = await inRequest(async () => {
      bindRequest(ctx);
      const inside = await db.transaction(async (tx) => {
        const seen = await seenNow(tx);
        await tx
          .insert(positions)
          .values({ company_id: happy, name: "Kept in a request", role_id: some.role_id });
        // A nested transaction (a savepoint) that fails leaves the outer one going.
        await expect(
          tx.transaction(async (inner) => {
            await inner
              .insert(positions)
              .values({ company_id: happy, name: "Undone in a request", role_id: some.role_id });
            throw new Error("undo the inner one");
          }),
        ).rejects.toThrow("undo the inner one");
        // Code that reaches for the database itself inside a transaction runs beside it, without waiting for it.
        if (onPostgres()) expect((await seenNow()).pid).not.toBe(seen.pid);
        return seen;
      });
      expect(inside.company).toBe(String(happy));
      await expect(
        db.transaction(async (tx) => {
          await tx
            .insert(positions)
            .values({ company_id: happy, name: "Rolled back in a request", role_id: some.role_id });
          throw new Error("roll it back");
        }),
      ).rejects.toThrow("roll it back");
      // Another company's row is refused inside the request's transaction as anywhere.
      await expect(
        db.transaction((tx) =>
          tx
            .insert(positions)
            .values({ company_id: wag, name: "Planted in a request", role_id: some.role_id }),
        ),
      ).rejects.toSatisfy(refusedByPolicy);
      return (
        await db
          .select({ name: positions.name })
          .from(positions)
          .where(sql`${positions.name} like '% in a request'`)
      ).map((r) => r.name);
    });
    expect(names).toEqual(["Kept in a request"]);
  });

  it("answers that another company's user holds an email, though their row is hidden", async () => {
    const [theirs] = await asPlatform("test", () =>
      db.select({ email: users.email }).from(users).where(eq(users.company_id, wag)).limit(1),
    );
    const token = await tokenFor(adminEmail);
    const [pos] = await asPlatform("test", () =>
      db.select({ id: positions.id }).from(positions).where(eq(positions.company_id, happy)).limit(1),
    );
    const r = await api("POST", "users", {
      token,
      body: {
        first_name: "Same",
        last_name: "Email",
        email: theirs.email.toUpperCase(),
        position_id: pos.id,
      },
    });
    expect(r.status).toBe(422);
    expect(r.json.errors?.email).toEqual(["The email has already been taken."]);
  });
});
