// A big list's count (lib/platform/list.ts runListQuery): the first page counts up to EXACT_COUNT_LIMIT + 1 and,
// past it, answers the planner's estimate; the pages after it, for a minute, plan the estimate while the page is read
// and read no bounded count; a list that shrank near or below the limit is counted again.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { positions } from "@/db/schema";
import { positionsDef } from "@/lib/admin/positions";
import { listOf } from "@/lib/platform/entity";
import { asOwner, rowsOf, watchStatements, type Db } from "@/lib/platform/db";
import { EXACT_COUNT_LIMIT } from "@/lib/platform/list";
import { asPlatform } from "@/lib/platform/rls";
import { resolveContext } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { bootstrap } from "@/lib/seed";
import { DEMO_LOGINS } from "@/lib/seed/demo";
import { ROLE } from "@/lib/platform/permissions";

let db: Db;
let happy: number;
let admin: number;
const tag = `Count${Date.now().toString(36)}`;

/** The list's page 1 as the admin opens it, with the statements it sent. */
async function page1() {
  const ctx = await resolveContext({
    userId: admin,
    via: "session",
    binding: "s:test",
    requestedCompanyId: happy,
  });
  const w = watchStatements();
  try {
    const r = await listOf(positionsDef)(ctx, {});
    return { ...r, statements: w.statements.map((text, i) => ({ text, params: w.params[i] })) };
  } finally {
    w.stop();
  }
}
/** A statement that counts the list up to EXACT_COUNT_LIMIT + 1 (the bounded count). */
const bounded = (statements: { text: string; params: unknown[] }[]) =>
  statements.some(
    (s) =>
      /count\(\*\)/i.test(s.text) &&
      (s.text.includes(String(EXACT_COUNT_LIMIT + 1)) || s.params.includes(EXACT_COUNT_LIMIT + 1)),
  );
const live = async () =>
  rowsOf<{ n: number }>(
    await asPlatform("test", () =>
      db.execute(
        sql`select count(*)::int as n from positions where company_id = ${happy} and deleted_at is null`,
      ),
    ),
  )[0].n;

beforeAll(async () => {
  // The demo data (as tests/support/fixtures seeded(), without the /api route table this test does not use).
  await bootstrap({ demo: true });
  db = (await getDb()) as unknown as Db;
  [{ id: happy }] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from companies where name = 'Happy Paws Pvt Ltd'`),
  );
  [{ id: admin }] = rowsOf<{ id: number }>(
    await asPlatform("test", () =>
      db.execute(sql`select id from users where lower(email) = ${DEMO_LOGINS[ROLE.ADMIN].toLowerCase()}`),
    ),
  );
  const [some] = await asPlatform("test", () =>
    db.select({ role_id: positions.role_id }).from(positions).limit(1),
  );
  await asPlatform("test", () =>
    db.execute(sql`insert into positions (company_id, name, role_id)
      select ${happy}::int, ${tag} || ' ' || g, ${some.role_id}::int from generate_series(1, 30000) g`),
  );
  await asOwner(sql`analyze positions`);
});

describe("a big list's count", () => {
  it("is counted once, then estimated beside the page without the bounded count", async () => {
    const first = await page1();
    expect(first.count_estimated).toBe(true);
    expect(bounded(first.statements)).toBe(true);
    const second = await page1();
    expect(second.count_estimated).toBe(true);
    expect(bounded(second.statements)).toBe(false);
    // The same rows, and an estimate near the rows there are (30,000 and the demo's).
    expect(second.data.map((r) => r.id)).toEqual(first.data.map((r) => r.id));
    const n = await live();
    expect(second.count).toBeGreaterThan(0.8 * n);
    expect(second.count).toBeLessThan(1.2 * n);
  });

  it("is counted again once the estimate falls near the limit, and exact below it", async () => {
    await page1();
    // Down to 12,000 of them: past the limit, but near it (the estimate, once analyzed, says so).
    await asPlatform("test", () =>
      db.execute(sql`delete from positions where company_id = ${happy} and name like ${`${tag} %`}
        and split_part(name, ' ', 2)::int > 12000`),
    );
    await asOwner(sql`analyze positions`);
    const near = await page1();
    expect(bounded(near.statements)).toBe(true);
    expect(near.count_estimated).toBe(true);
    // Below the limit: exact at once.
    await asPlatform("test", () =>
      db.execute(sql`delete from positions where company_id = ${happy} and name like ${`${tag} %`}
        and split_part(name, ' ', 2)::int > 5000`),
    );
    await asOwner(sql`analyze positions`);
    const small = await page1();
    expect(small.count_estimated).toBe(false);
    expect(small.count).toBe(await live());
  });
});
