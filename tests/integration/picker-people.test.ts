import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, franchisees, positions, users } from "@/db/schema";
import { optionPage, type PickerOption } from "@/lib/options/option-sources";
import type { Ctx } from "@/lib/platform/context";
import { POSITION, ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { adminEmail, ctxFor, seeded } from "../support/fixtures";

// Pickers over people tell staff and customers apart (issue 26): the field operations' user picker (PJPs, PJP
// references, outlet users: source "users") offers staff only, with their code and position on a second line; the
// customer picker (monthly requests, daily plans) customers only; and a customer past the first thousand is found by
// typing their name, whatever the company's size.

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let admin: Ctx;
const tag = `ppl${Date.now().toString(36)}`;
const ids: Record<string, number> = {};

async function positionId(name: string): Promise<number> {
  const [p] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.company_id, happy.id), eq(positions.name, name)));
  if (p) return p.id;
  const [made] = await db
    .insert(positions)
    .values({ company_id: happy.id, name, role_id: 3 })
    .returning({ id: positions.id });
  return made.id;
}

const person = (key: string, o: Partial<typeof users.$inferInsert>) => ({
  company_id: happy.id,
  role_id: ROLE_IDS[ROLE.USER],
  first_name: key,
  last_name: tag,
  user_name: `${key} ${tag}`,
  email: `${key.toLowerCase().replace(/\s/g, ".")}.${tag}@people.test`,
  password_hash: "!unset",
  ...o,
});

async function everyPage(ctx: Ctx, source: string, search: string): Promise<PickerOption[]> {
  const all: PickerOption[] = [];
  let after: string | undefined;
  for (let i = 0; i < 100; i++) {
    const page = await optionPage(ctx, source, { search, limit: 50, after });
    all.push(...page.data);
    if (!page.next) return all;
    after = page.next;
  }
  throw new Error("too many pages");
}

beforeAll(async () => {
  ({ db, happy } = await seeded());
  admin = await ctxFor(adminEmail);
  const customer = await positionId(POSITION.CUSTOMER);
  const staff = await positionId(POSITION.FRANCHISEE_STAFF);
  const sales = await positionId(`Field Sales ${tag}`);
  const [fr] = await db
    .insert(franchisees)
    .values({ company_id: happy.id, name: `People Franchisee ${tag}` })
    .returning({ id: franchisees.id });
  const rows = await db
    .insert(users)
    .values([
      person("Walker", { franchisee_id: fr.id, position_id: staff, employee_code: `W-${tag}` }),
      person("Salesperson", { position_id: sales, employee_code: `S-${tag}` }),
      person("Customer Named", { position_id: customer, phone: "+91 90000 11111" }),
      person("Customer Unplaced", { position_id: null }),
    ])
    .returning({ id: users.id, first: users.first_name });
  for (const r of rows) ids[r.first!] = r.id;
});

describe("pickers over people", () => {
  it("the field operations' user picker offers staff only, each with their code and position", async () => {
    const got = await everyPage(admin, "users", tag);
    expect(got.map((o) => o.id).sort()).toEqual([ids.Walker, ids.Salesperson].sort());
    const sales = got.find((o) => o.id === ids.Salesperson)!;
    expect(sales.sublabel).toBe(`S-${tag} · Field Sales ${tag}`);
    // The whole company: no customer on any page.
    const everyone = await everyPage(admin, "users", "");
    const customers = await everyPage(admin, "customers", "");
    const customerIds = new Set(customers.map((o) => o.id));
    expect(everyone.length).toBeGreaterThan(0);
    expect(everyone.filter((o) => customerIds.has(o.id))).toEqual([]);
  });

  it("the customer picker offers customers only, never staff", async () => {
    const got = await everyPage(admin, "customers", tag);
    expect(got.map((o) => o.id).sort()).toEqual([ids["Customer Named"], ids["Customer Unplaced"]].sort());
    expect(got.find((o) => o.id === ids["Customer Named"])!.sublabel).toContain("+91 90000 11111");
    const staff = new Set((await everyPage(admin, "users", "")).map((o) => o.id));
    expect((await everyPage(admin, "customers", "")).filter((o) => staff.has(o.id))).toEqual([]);
  });

  it("finds a customer beyond the first thousand by name", async () => {
    const customer = await positionId(POSITION.CUSTOMER);
    // 1,100 customers whose names sort before the one looked for, in one statement.
    await db
      .insert(users)
      .values(
        Array.from({ length: 1100 }, (_, i) =>
          person(`Aaron ${String(i).padStart(4, "0")}`, { position_id: customer }),
        ),
      );
    await db.insert(users).values(person("Zubin Far", { position_id: customer }));
    // Unsearched, the first pages hold the Aarons; typing the name finds Zubin at once.
    const first = await optionPage(admin, "customers", { limit: 50 });
    expect(first.data.some((o) => o.label === `Zubin Far ${tag}`)).toBe(false);
    expect(first.next).not.toBeNull();
    const found = await optionPage(admin, "customers", { search: `zubin far ${tag}` });
    expect(found.data.map((o) => o.label)).toEqual([`Zubin Far ${tag}`]);
    expect(found.next).toBeNull();
  });
});
