// Planner settings for one statement (lib/platform/db.ts withPlannerSettings), as a list of 6+ joins reads its page
// (lib/platform/list.ts inJoinOrder: join_collapse_limit 1, so the joins are taken as written). On PostgreSQL they
// ride with the statement on its pooled connection, in its round trip, and are RESET after it; on PGlite, a
// transaction of their own. Either way the statement plans with them and nothing after it does.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb, rowsOf, watchStatements, withPlannerSettings, type Db } from "@/lib/platform/db";
import { listOf } from "@/lib/platform/entity";
import { resolveContext } from "@/lib/platform/context";
import { asPlatform } from "@/lib/platform/rls";
import { registry } from "@/lib/registry";
import { bootstrap } from "@/lib/seed";
import { DEMO_LOGINS } from "@/lib/seed/demo";
import { ROLE } from "@/lib/platform/permissions";

const onPostgres = !!process.env.TEST_DATABASE_URL;
let db: Db;

const setting = async (ex: Pick<Db, "execute">, name: string) =>
  rowsOf<{ v: string }>(await ex.execute(sql`select current_setting(${name}) as v`))[0].v;

/** The setting on every connection of the pool: as many statements at once as the pool has connections. */
async function everywhere(name: string): Promise<string[]> {
  return Promise.all(
    Array.from(
      { length: 10 },
      async () =>
        rowsOf<{ v: string }>(
          await db.execute(sql`select current_setting(${name}) as v, pg_sleep(0.05)::text as s`),
        )[0].v,
    ),
  );
}

beforeAll(async () => {
  await bootstrap({ demo: true });
  db = (await getDb()) as unknown as Db;
});

describe("planner settings for one statement", () => {
  it("apply to the statements of the scope, and to nothing after them", async () => {
    const before = await setting(db, "join_collapse_limit");
    expect(before).not.toBe("1");
    const inside = await withPlannerSettings(db, { join_collapse_limit: "1", enable_seqscan: "off" }, (ex) =>
      Promise.all([setting(ex, "join_collapse_limit"), setting(ex, "enable_seqscan")]),
    );
    expect(inside).toEqual(["1", "off"]);
    // A drizzle query handed back unawaited (a lazy thenable, as a list's page is) runs inside the scope too.
    const lazy = await withPlannerSettings(db, { join_collapse_limit: "1" }, (ex) =>
      ex.execute(sql`select current_setting('join_collapse_limit') as v`),
    );
    expect(rowsOf<{ v: string }>(lazy)[0].v).toBe("1");
    expect(new Set(await everywhere("join_collapse_limit"))).toEqual(new Set([before]));
    expect(new Set(await everywhere("enable_seqscan"))).toEqual(new Set(["on"]));
  });

  it("are reset after a statement that fails, and the connection serves on", async () => {
    const before = await setting(db, "join_collapse_limit");
    const failed = await withPlannerSettings(db, { join_collapse_limit: "1" }, (ex) =>
      ex.execute(sql`select 1 / 0`),
    ).catch((e: Error & { cause?: Error }) => e.cause?.message ?? e.message);
    expect(failed).toMatch(/division by zero/);
    expect(new Set(await everywhere("join_collapse_limit"))).toEqual(new Set([before]));
  });

  it("refuse a name that is not a setting's", async () => {
    await expect(
      withPlannerSettings(db, { "x'); drop table users; --": "1" }, (ex) => setting(ex, "jit")),
    ).rejects.toThrow(/not a setting/);
  });

  it("go with a list page of 6+ joins in its own round trip on PostgreSQL (a transaction on PGlite)", async () => {
    const [{ id: admin, company_id }] = rowsOf<{ id: number; company_id: number }>(
      await asPlatform("test", () =>
        db.execute(
          sql`select id, company_id from users where lower(email) = ${DEMO_LOGINS[ROLE.ADMIN].toLowerCase()}`,
        ),
      ),
    );
    const ctx = await resolveContext({
      userId: admin,
      via: "session",
      binding: "s:test",
      requestedCompanyId: company_id,
    });
    const def = registry.find((r) => r.def.name === "user_monthly_job_requests")!.def;
    const before = await setting(db, "join_collapse_limit");
    const w = watchStatements();
    let page: { data: unknown[]; count: number };
    try {
      page = (await listOf(def)(ctx, {})) as typeof page;
    } finally {
      w.stop();
    }
    expect(page.data.length).toBeGreaterThan(0);
    const at = w.statements.findIndex((s) => /^select set_config\('join_collapse_limit'/.test(s));
    expect(at).toBeGreaterThanOrEqual(0);
    if (onPostgres) {
      // The settings, the page, then each setting reset: no BEGIN, no COMMIT around them.
      expect(w.statements[at]).toMatch(/, false\)/);
      expect(w.statements[at + 1]).toMatch(/from "user_monthly_job_requests"/);
      expect(w.statements.slice(at + 2, at + 5)).toEqual([
        "reset join_collapse_limit",
        "reset enable_material",
        "reset enable_seqscan",
      ]);
      expect(new Set(await everywhere("join_collapse_limit"))).toEqual(new Set([before]));
    } else {
      expect(w.statements[at]).toMatch(/, true\)/);
    }
  });
});
