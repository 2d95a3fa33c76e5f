import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, franchisees, plans, users, userTimestamps } from "@/db/schema";
import { GET } from "@/app/api/options/[source]/route";
import { optionPage, optionsByIds, OPTIONS_MAX_LIMIT, type PickerOption } from "@/lib/options/option-sources";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, ctxFor, DEMO_LOGINS, seeded, tokenFor } from "../support/fixtures";

// The pickers' one server path (lib/options/option-sources.ts): scope (company, franchisee, zone), staff-only and
// customers-only sources, plans with their dogs, the people with page time, keyset paging by (name, id), the page
// limit, and GET /api/options/<source>.

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;
let fa: Ctx;
let master: Ctx;
let fHappy: number;
let fNoZone: number;
let fWag: number;
let wagIds: number[];
const tag = `opt${Date.now().toString(36)}`;

let n = 0;
async function person(companyId: number, first: string, franchiseeId: number | null, extra = {}) {
  const [u] = await db
    .insert(users)
    .values({
      company_id: companyId,
      role_id: ROLE_IDS[ROLE.USER],
      franchisee_id: franchiseeId,
      first_name: first,
      last_name: tag,
      user_name: `${first} ${tag}`,
      email: `${first.toLowerCase()}.${tag}.${++n}@options.test`,
      password_hash: "!unset",
      ...extra,
    })
    .returning({ id: users.id });
  return u.id;
}

async function failureOf(p: Promise<unknown>): Promise<AppError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  return e as AppError;
}

const labels = (xs: PickerOption[]) => xs.map((x) => x.label);

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  fa = await ctxFor(DEMO_LOGINS[ROLE.FRANCHISEE_ADMIN]);
  master = await ctxFor(DEMO_LOGINS[ROLE.MASTER_FRANCHISEE], happy.id);
  const fr = await db
    .insert(franchisees)
    .values([
      { company_id: happy.id, name: `Picker Franchisee ${tag}`, zone_id: null },
      { company_id: happy.id, name: `Picker Zoneless ${tag}`, zone_id: null },
      { company_id: wag.id, name: `Picker Franchisee ${tag} Wag` },
    ])
    .returning({ id: franchisees.id });
  [fHappy, fNoZone, fWag] = fr.map((f) => f.id);
  // Staff of Happy Paws (a franchisee's), its customers (no franchisee), and Wag Nation's of both kinds.
  for (const name of ["Walker Cara", "Walker Abel", "Walker Bea"])
    await person(happy.id, name, fHappy, { employee_code: `E-${name.slice(7)}` });
  await person(happy.id, "Walker Inactive", fHappy, { is_active: 0 });
  await person(happy.id, "Walker Deleted", fHappy, { deleted_at: new Date() });
  for (let i = 0; i < 55; i++) await person(happy.id, `Customer ${String(i).padStart(2, "0")}`, null);
  wagIds = [await person(wag.id, "Walker Wag", fWag), await person(wag.id, "Customer Wag", null)];
});

/** A plan priced `amount` (the price is in its search text and second line). */
async function plan(companyId: number, amount: number, dogs: 1 | 2, extra = {}) {
  const [p] = await db
    .insert(plans)
    .values({
      company_id: companyId,
      no_of_dogs: dogs,
      no_of_walks: 1,
      original_amount: amount,
      final_amount: amount,
      days: 30,
      ...extra,
    })
    .returning({ id: plans.id });
  return p.id;
}

describe("option sources", () => {
  it("staff offers the company's live, active franchisee staff only, by name, with code and position", async () => {
    const page = await optionPage(admin, "staff", { search: tag, limit: 50 });
    expect(labels(page.data)).toEqual([`Walker Abel ${tag}`, `Walker Bea ${tag}`, `Walker Cara ${tag}`]);
    expect(page.data[0].sublabel).toContain("E-Abel");
    expect(page.next).toBeNull();
  });

  it("customers offers customers only, never staff nor another company's", async () => {
    const all: PickerOption[] = [];
    let after: string | undefined;
    for (let i = 0; i < 10; i++) {
      const page = await optionPage(admin, "customers", { search: tag, limit: 20, after });
      all.push(...page.data);
      if (!page.next) break;
      after = page.next;
    }
    expect(all).toHaveLength(55);
    expect(all.every((o) => o.label.startsWith("Customer ") && !o.label.includes("Wag"))).toBe(true);
    // Keyset pages by (name, id): in order, none twice.
    const names = labels(all);
    expect(names).toEqual([...names].sort());
    expect(new Set(all.map((o) => o.id)).size).toBe(55);
  });

  it("a page holds at most 50 options, whatever is asked", async () => {
    const page = await optionPage(admin, "customers", { search: tag, limit: 500 });
    expect(page.data).toHaveLength(OPTIONS_MAX_LIMIT);
    expect(page.next).not.toBeNull();
    const rest = await optionPage(admin, "customers", { search: tag, limit: 500, after: page.next! });
    expect(rest.data).toHaveLength(5);
    expect(rest.next).toBeNull();
  });

  it("franchisees: another company's never appear; a franchisee's admin sees only their own", async () => {
    const mine = await optionPage(admin, "franchisees", { search: `Picker Franchisee ${tag}` });
    expect(labels(mine.data)).toEqual([`Picker Franchisee ${tag}`]);
    const theirs = await optionPage(fa, "franchisees", { limit: 50 });
    expect(theirs.data.map((o) => o.id)).toEqual([fa.franchiseeId]);
  });

  it("a master franchisee sees the franchisees of their zones only", async () => {
    const page = await optionPage(master, "franchisees", { search: tag, limit: 50 });
    expect(page.data.map((o) => o.id)).not.toContain(fNoZone);
    expect(page.data.map((o) => o.id)).not.toContain(fHappy);
    const staff = await optionPage(master, "staff", { search: tag, limit: 50 });
    expect(staff.data).toEqual([]);
  });

  it("a franchisee's admin gets their own franchisee's staff; another franchisee named answers 404", async () => {
    const page = await optionPage(fa, "staff", { search: tag });
    expect(page.data).toEqual([]);
    expect(
      (await failureOf(optionPage(fa, "staff", { params: { franchisee_id: String(fHappy) } }))).status,
    ).toBe(404);
    // An admin narrows to one franchisee (plain or opaque id); another company's franchisee is not found.
    const one = await optionPage(admin, "staff", { params: { franchisee_id: encodeId(fHappy) } });
    expect(labels(one.data)).toEqual([`Walker Abel ${tag}`, `Walker Bea ${tag}`, `Walker Cara ${tag}`]);
    expect(
      (await failureOf(optionPage(admin, "staff", { params: { franchisee_id: String(fWag) } }))).status,
    ).toBe(404);
  });

  it("byIds names only rows in the caller's scope", async () => {
    const abel = (await optionPage(admin, "staff", { search: `Walker Abel ${tag}` })).data[0];
    const got = await optionsByIds(admin, "staff", [abel.id, ...wagIds]);
    expect(got.map((o) => o.id)).toEqual([abel.id]);
    expect(await optionsByIds(admin, "customers", [abel.id])).toEqual([]);
  });

  it("refuses unknown sources (404), callers without the screens (403), bad cursors (422)", async () => {
    expect((await failureOf(optionPage(admin, "passwords"))).status).toBe(404);
    const customer = (await optionPage(admin, "customers", { search: tag, limit: 1 })).data[0];
    const [{ email }] = await db.select({ email: users.email }).from(users).where(eq(users.id, customer.id));
    const appUser = await ctxFor(email);
    expect((await failureOf(optionPage(appUser, "customers"))).status).toBe(403);
    expect((await failureOf(optionPage(admin, "customers", { after: "not-a-cursor" }))).status).toBe(422);
  });

  it("plans: the company's live, active plans searched by name or price, each with its dogs", async () => {
    const price = 40000 + (Date.now() % 9000);
    const two = await plan(happy.id, price, 2);
    const one = await plan(happy.id, price, 1);
    await plan(happy.id, price, 1, { is_active: 0 });
    await plan(happy.id, price, 1, { deleted_at: new Date() });
    await plan(wag.id, price, 1);
    const page = await optionPage(admin, "plans", { search: String(price), limit: 50 });
    // By name ("1 dog ..." before "2 dogs ..."), then id; inactive, deleted and Wag Nation's plans are not offered.
    expect(page.data.map((o) => o.id)).toEqual([one, two]);
    expect(page.data.map((o) => o.data?.dogs)).toEqual([1, 2]);
    expect(page.data[1].label).toContain("2 dogs");
    expect(page.data[1].sublabel).toContain(String(price));
    // Keyset paging over the same search.
    const first = await optionPage(admin, "plans", { search: String(price), limit: 1 });
    const rest = await optionPage(admin, "plans", { search: String(price), limit: 1, after: first.next! });
    expect([...first.data, ...rest.data].map((o) => o.id)).toEqual([one, two]);
    expect(rest.next).toBeNull();
    // An app user asks for nothing.
    const customer = (await optionPage(admin, "customers", { search: tag, limit: 1 })).data[0];
    const [{ email }] = await db.select({ email: users.email }).from(users).where(eq(users.id, customer.id));
    expect((await failureOf(optionPage(await ctxFor(email), "plans"))).status).toBe(403);
  });

  it("page_time_users: the company's people with page time only, searched, never another company's", async () => {
    const timed = await person(happy.id, "Timed Tess", null);
    await person(happy.id, "Untimed Uma", null);
    await db.insert(userTimestamps).values([
      { company_id: happy.id, user_id: timed, from_path: "/users", from_name: "Users", timespent: 12 },
      { company_id: wag.id, user_id: wagIds[1], from_path: "/users", from_name: "Users", timespent: 5 },
    ]);
    const page = await optionPage(admin, "page_time_users", { search: tag, limit: 50 });
    expect(labels(page.data)).toEqual([`Timed Tess ${tag}`]);
    expect(page.data[0].sublabel).toContain("@options.test");
    expect(await optionsByIds(admin, "page_time_users", [timed, wagIds[1]])).toHaveLength(1);
    // Unsearched, the pages go by id (through the timestamps' index), each id once, never another company's.
    const seen: number[] = [];
    let after: string | undefined;
    for (let i = 0; i < 200; i++) {
      const p = await optionPage(admin, "page_time_users", { limit: 5, after });
      seen.push(...p.data.map((o) => o.id));
      if (!p.next) break;
      after = p.next;
    }
    expect(seen).toContain(timed);
    expect(seen).not.toContain(wagIds[1]);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(new Set(seen).size).toBe(seen.length);
    // The screen's permission is asked: a franchisee's admin has no user timestamps screen.
    expect((await failureOf(optionPage(fa, "page_time_users"))).status).toBe(403);
  });

  it("GET /api/options/<source> answers a page for a token, 401 without one", async () => {
    const token = await tokenFor(adminEmail);
    const call = (qs: string, auth = true) =>
      GET(
        new Request(`http://localhost/api/options/staff?${qs}`, {
          headers: auth ? { authorization: `Bearer ${token}` } : {},
        }),
        { params: Promise.resolve({ source: "staff" }) },
      );
    const res = await call(`search=${tag}&limit=2`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: PickerOption[]; next: string | null };
    expect(labels(body.data)).toEqual([`Walker Abel ${tag}`, `Walker Bea ${tag}`]);
    const more = (await (await call(`search=${tag}&limit=2&after=${body.next}`)).json()) as typeof body;
    expect(labels(more.data)).toEqual([`Walker Cara ${tag}`]);
    expect((await call("", false)).status).toBe(401);
  });
});
