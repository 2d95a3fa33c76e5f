import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { companies, services, stateHolidays } from "@/db/schema";
import { getDb, watchStatements } from "@/lib/platform/db";
import { defineList, parseListQuery, runListQuery, type ListResult } from "@/lib/platform/list";
import { seeded } from "../support/fixtures";

// A list sorted by a nullable column (a company's city): keyset pages must walk the same rows, in the same order,
// as one numbered page holding them all, NULLs included, both ways.
const list = defineList({
  from: companies,
  select: { id: companies.id, city: companies.city },
  id: companies.id,
  deletedAt: companies.deleted_at,
  sort: { city: companies.city },
});

beforeAll(async () => {
  await seeded();
  const db = await getDb();
  const cities = [null, "Pune", null, "Agra", "Pune", null, "Delhi", null, "Agra"];
  await db.insert(companies).values(
    cities.map((city, i) => ({
      name: `Keyset ${i}`,
      address: "1 Keyset Road",
      email: `keyset${i}@x.test`,
      phone: "9876543210",
      city,
    })),
  );
});

async function walk(sort: string) {
  const db = await getDb();
  const all = await runListQuery(db, list, parseListQuery(list, { sort, rowsPerPage: "1000" }), undefined);
  const seen: number[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 50; pages++) {
    const raw: Record<string, string> = { sort, rowsPerPage: "2", ...(cursor ? { cursor } : {}) };
    const page = await runListQuery(db, list, parseListQuery(list, raw), undefined);
    seen.push(...page.data.map((r) => r.id));
    cursor = page.next_cursor;
    if (!cursor || page.data.length < 2) break;
  }
  return { expected: all.data.map((r) => r.id), seen, nulls: all.data.filter((r) => r.city == null).length };
}

describe("keyset pages on a nullable sort column", () => {
  it.each(["city", "-city"])("walk every row once, in the list's order (sort=%s)", async (sort) => {
    const { expected, seen, nulls } = await walk(sort);
    expect(nulls).toBeGreaterThanOrEqual(4);
    expect(seen).toEqual(expected);
  });
});

describe("previous pages by keyset (before=prev_cursor)", () => {
  it.each(["city", "-city", ""])(
    "walking back from the last page gives the same pages (sort=%s)",
    async (sort) => {
      const db = await getDb();
      const base = sort ? { sort, rowsPerPage: "2" } : { rowsPerPage: "2" };
      const forward: number[][] = [];
      const cursors: (string | null)[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 50; i++) {
        const page: ListResult<{ id: number; city: string | null }> = await runListQuery(
          db,
          list,
          parseListQuery(list, { ...base, ...(cursor ? { cursor } : {}) }),
          undefined,
        );
        forward.push(page.data.map((r) => r.id));
        cursors.push(page.prev_cursor);
        cursor = page.next_cursor;
        if (!cursor) break;
      }
      expect(forward.length).toBeGreaterThan(3);
      expect(forward.every((p) => p.length > 0)).toBe(true); // no empty page at the end
      expect(cursors[0]).toBeNull(); // the first page has nothing before it
      // From the last page, follow prev_cursor back to the first: each page equals the one seen going forward.
      let before = cursors[cursors.length - 1];
      for (let i = forward.length - 2; i >= 0; i--) {
        expect(before).not.toBeNull();
        const page = await runListQuery(
          db,
          list,
          parseListQuery(list, { ...base, before: before! }),
          undefined,
        );
        expect(page.data.map((r) => r.id)).toEqual(forward[i]);
        before = page.prev_cursor;
      }
    },
  );

  it("answers 422 for a cursor that is not one", () => {
    expect(() => parseListQuery(list, { before: "not-a-cursor" })).toThrow();
    expect(() => parseListQuery(list, { cursor: Buffer.from('["x", -1]').toString("base64url") })).toThrow();
  });
});

describe("the count rides with the page", () => {
  it("one statement for a page and its count; the count is right on every page, also past the end", async () => {
    const db = await getDb();
    const all = await runListQuery(db, list, parseListQuery(list, { rowsPerPage: "1000" }), undefined);
    const total = all.data.length;
    const watch = watchStatements();
    const page2 = await runListQuery(
      db,
      list,
      parseListQuery(list, { rowsPerPage: "2", page: "2" }),
      undefined,
    );
    watch.stop();
    expect(watch.statements).toHaveLength(1);
    expect(watch.statements[0]).not.toMatch(/explain/i);
    expect(page2).toMatchObject({ count: total, count_estimated: false });
    const past = await runListQuery(
      db,
      list,
      parseListQuery(list, { rowsPerPage: "2", page: "999" }),
      undefined,
    );
    expect(past).toMatchObject({ data: [], count: total, count_estimated: false });
    const empty = defineList({ ...list, where: sql`false` });
    const none = await runListQuery(db, empty, parseListQuery(empty, {}), undefined);
    expect(none).toMatchObject({ data: [], count: 0, next_cursor: null, prev_cursor: null });
  });
});

// Calendar dates and times travel as strings (drizzle's default modes): a cursor's value is cast back to the
// column's own type, else PostgreSQL cannot compare them (a 500 before).
describe("keyset pages on date and time columns", () => {
  const byDate = defineList({
    from: stateHolidays,
    select: { id: stateHolidays.id, holiday_date: stateHolidays.holiday_date },
    id: stateHolidays.id,
    deletedAt: stateHolidays.deleted_at,
    sort: { holiday_date: stateHolidays.holiday_date },
  });
  const byTime = defineList({
    from: services,
    select: { id: services.id, start_time: services.start_time },
    id: services.id,
    deletedAt: services.deleted_at,
    sort: { start_time: services.start_time },
  });
  it.each([
    ["holiday_date", byDate],
    ["-holiday_date", byDate],
    ["start_time", byTime],
    ["-start_time", byTime],
  ] as const)("walk every row once, in the list's order (sort=%s)", async (sort, l) => {
    const db = await getDb();
    const list = l as typeof byDate;
    const all = await runListQuery(db, list, parseListQuery(list, { sort, rowsPerPage: "1000" }), undefined);
    expect(all.data.length).toBeGreaterThanOrEqual(4);
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 100; pages++) {
      const raw: Record<string, string> = { sort, rowsPerPage: "3", ...(cursor ? { cursor } : {}) };
      const page = await runListQuery(db, list, parseListQuery(list, raw), undefined);
      seen.push(...page.data.map((r) => r.id));
      cursor = page.next_cursor;
      if (!cursor || page.data.length < 3) break;
    }
    expect(seen).toEqual(all.data.map((r) => r.id));
  });
});
