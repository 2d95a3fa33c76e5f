import { beforeAll, describe, expect, it } from "vitest";
import { companies } from "@/db/schema";
import { getDb } from "@/lib/platform/db";
import { defineList, parseListQuery, runListQuery } from "@/lib/platform/list";
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
