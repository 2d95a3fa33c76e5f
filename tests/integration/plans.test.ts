import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { companies, plans } from "@/db/schema";
import { PLAN_TIER_INVALID, plansCrud } from "@/lib/franchise/plans";
import { PLAN_MESSAGES } from "@/lib/franchise/plan-pricing";
import type { Ctx } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { encodeId } from "@/lib/platform/ids";
import { adminEmail, api, ctxFor, seeded, tokenFor } from "../support/fixtures";
import { planTierOf } from "./contract/plans";

const session = vi.hoisted(() => ({ ctx: null as Ctx | null }));
vi.mock("@/lib/platform/session", async (orig) =>
  (await import("../support/session-mock")).mockedSession(orig, session),
);
const actions = await import("@/app/(portal)/plans/actions");

const { create, update, list, get } = plansCrud;

let db: Awaited<ReturnType<typeof seeded>>["db"];
let happy: typeof companies.$inferSelect;
let wag: typeof companies.$inferSelect;
let admin: Ctx;
let token: string;
let basicTier: number;
let premiumTier: number;
let wagTier: number;

async function fieldErrorsOf(p: Promise<unknown>): Promise<Record<string, string>> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).status).toBe(422);
  return (e as AppError).fieldErrors ?? {};
}

type Listed = { id: number; plan_name: string; tier_name: string | null; no_of_dogs: number };

beforeAll(async () => {
  ({ db, happy, wag } = await seeded());
  admin = await ctxFor(adminEmail);
  session.ctx = admin;
  token = await tokenFor(adminEmail);
  const masters = await api("GET", "masters?context=plans", { token });
  const tiers = (masters.json.data as { plan_tiers: { id: number; description: string }[] }).plan_tiers;
  basicTier = tiers.find((t) => t.description === "BASIC")!.id;
  premiumTier = tiers.find((t) => t.description === "PREMIUM")!.id;
  wagTier = await planTierOf({ db }, wag.id);
});

describe("plans list", () => {
  it("answers masters?context=plans with the company's tiers", async () => {
    const r = await api("GET", "masters?context=plans", { token });
    expect(r.status).toBe(200);
    const names = (r.json.data as { plan_tiers: { description: string }[] }).plan_tiers.map(
      (t) => t.description,
    );
    expect(names).toEqual(["BASIC", "PREMIUM"]);
  });

  it("filters by dogs, walks, tier, status and keyword (tier and plan name), newest first", async () => {
    const mine = await create(admin, {
      no_of_dogs: 2,
      no_of_walks: 1,
      tier: premiumTier,
      original_amount: 500,
      days: 15,
      is_active: 0,
    });
    const all = await list(admin, {});
    // The seeded two and the new one (Wag Nation's never).
    expect(all.count).toBe(3);
    expect(all.data[0].id).toBe(mine.id);
    expect(all.data[0]).toMatchObject({
      plan_name: "PREMIUM · 2 dogs · 1 walk/day · 15 days",
      tier_name: "PREMIUM",
      final_amount: 1000,
    });

    const names = (r: { json: { data?: unknown } }) => (r.json.data as Listed[]).map((p) => p.plan_name);
    expect(names(await api("GET", "plans?no_of_dogs=1", { token }))).toEqual([
      "BASIC · 1 dog · 1 walk/day · 30 days",
    ]);
    expect(names(await api("GET", "plans?no_of_walks=2", { token }))).toEqual([
      "PREMIUM · 2 dogs · 2 walks/day · 30 days",
    ]);
    expect((await list(admin, { tier: String(premiumTier) })).count).toBe(2);
    expect((await list(admin, { tier: encodeId(basicTier) })).count).toBe(1);
    expect((await list(admin, { is_active: "0" })).data.map((p) => p.id)).toEqual([mine.id]);
    expect((await list(admin, { search_keyword: "premium" })).count).toBe(2);
    expect((await list(admin, { search_keyword: "15 days" })).data.map((p) => p.id)).toEqual([mine.id]);
    expect((await list(admin, { search_keyword: "basic", no_of_walks: "2" })).count).toBe(0);

    const page2 = await api("GET", "plans?page=2&rowsPerPage=2", { token });
    expect(page2.json.count).toBe(3);
    expect((page2.json.data as unknown[]).length).toBe(1);

    expect((await api("GET", "plans?no_of_dogs=3", { token })).status).toBe(422);
    expect((await api("GET", "plan_exports?search_keyword=premium", { token })).json.data).toMatch(
      /^\/api\/download\?/,
    );
  });

  it("deletes into the trash and restores, with the spec's texts", async () => {
    const p = await create(admin, { no_of_dogs: 1, no_of_walks: 1, tier: basicTier, original_amount: 100 });
    const del = await api("POST", `plans/delete/${p.id}`, { token });
    expect(del.json).toEqual({ message: "Plan deleted successfully." });
    const trash = await api("GET", "plans?show_deleted=1", { token });
    expect((trash.json.data as Listed[]).map((x) => x.id)).toEqual([p.id]);
    const res = await actions.restorePlanAction(encodeId(p.id));
    expect(res.ok).toBe(true);
    expect(plansCrud.def.messages.restored).toBe("Plan restored successfully.");
    expect((await get(admin, p.id)).id).toBe(p.id);
  });
});

describe("saving a plan", () => {
  it("computes every amount on the server and ignores the computed values a client sends", async () => {
    const r = await api("POST", "plans", {
      token,
      body: {
        no_of_dogs: "2",
        no_of_walks: "1",
        tier: String(premiumTier),
        original_amount: "999",
        price_percent: "90",
        discount_percent: "55",
        second_discount_percent: "25",
        per_walk_time: "30",
        days: "30",
        walkie_percent: "16.1",
        franchisee_percent: "20",
        // A browser's (or a tamperer's) numbers: never stored.
        calculated_final_amount: 1,
        second_discount_amount: 1,
        final_amount: 1,
        customer_per_day_charges: 1,
        company_percent: 99,
        walkie_commission_amount: 1,
        franchisee_commission_amount: 1,
        company_commission_amount: 1,
        is_basic_plan: 1,
        company_id: wag.id,
      },
    });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    const id = (r.json.data as { id: number }).id;
    const [row] = await db.select().from(plans).where(eq(plans.id, id));
    // 999 × 90% = 899.10; second dog 899.10 − 224.78 (25%, 224.775 half up) = 674.32; final 1573.42.
    expect(row).toMatchObject({
      company_id: happy.id,
      tier_id: premiumTier,
      price_percent: 90,
      discount_percent: 10,
      calculated_final_amount: 899.1,
      second_discount_percent: 25,
      second_discount_amount: 674.32,
      final_amount: 1573.42,
      customer_per_day_charges: 53, // 52.45 → 53
      walkie_percent: 16.1,
      walkie_commission_amount: 254, // 253.32 → 254
      franchisee_percent: 20,
      franchisee_commission_amount: 315, // 314.686 → 315
      company_percent: 63.9,
      company_commission_amount: 1006, // 1005.42 → 1006
      is_basic_plan: 0,
      per_walk_time: 30,
    });
  });

  it("takes the new plan defaults: price 100, discount 0, company 100", async () => {
    const p = await create(admin, { no_of_dogs: 1, no_of_walks: 1, tier: basicTier, original_amount: 999 });
    expect(p).toMatchObject({
      price_percent: 100,
      discount_percent: 0,
      final_amount: 999,
      company_percent: 100,
      company_commission_amount: 999,
      walkie_percent: 0,
      franchisee_percent: 0,
      customer_per_day_charges: null,
      second_discount_percent: null,
      second_discount_amount: 0,
      is_basic_plan: 1,
    });
  });

  it("answers field errors on no_of_dogs, no_of_walks, tier and the split", async () => {
    expect(await fieldErrorsOf(create(admin, {}))).toMatchObject({
      no_of_dogs: "The no of dogs field is required.",
      no_of_walks: "The no of walks field is required.",
      tier: "The tier field is required.",
      original_amount: "The original amount field is required.",
    });
    const r = await api("POST", "plans", {
      token,
      body: { no_of_dogs: 3, no_of_walks: 0, tier: basicTier, original_amount: 10, days: 0 },
    });
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual({
      no_of_dogs: ["The no of dogs must be 1 or 2."],
      no_of_walks: ["The no of walks must be 1 or 2."],
      days: ["The days must be at least 1."],
    });
    // Another company's tier is no tier of this one.
    expect(
      await fieldErrorsOf(
        create(admin, { no_of_dogs: 1, no_of_walks: 1, tier: wagTier, original_amount: 10 }),
      ),
    ).toEqual({ tier: PLAN_TIER_INVALID });
    expect(
      await fieldErrorsOf(
        create(admin, {
          no_of_dogs: 1,
          no_of_walks: 1,
          tier: basicTier,
          original_amount: 10,
          walkie_percent: 60,
          franchisee_percent: 40.01,
        }),
      ),
    ).toEqual({ franchisee_percent: PLAN_MESSAGES.splitOver100 });
    // The form's action says the same under the fields.
    const a = await actions.createPlanAction({
      no_of_dogs: "",
      no_of_walks: "1",
      tier: "",
      original_amount: "5",
    });
    expect(a).toMatchObject({
      ok: false,
      status: 422,
      fieldErrors: { no_of_dogs: "The no of dogs field is required.", tier: "The tier field is required." },
    });
  });

  it("recomputes on an edit from the stored inputs merged with the sent ones; becoming basic clears the second discount", async () => {
    const p = await create(admin, {
      no_of_dogs: 2,
      no_of_walks: 2,
      tier: premiumTier,
      original_amount: 1000,
      second_discount_percent: 50,
      days: 10,
      walkie_percent: 10,
    });
    expect(p).toMatchObject({
      final_amount: 1500,
      customer_per_day_charges: 150,
      walkie_commission_amount: 150,
    });

    // Only the price sent: the discount follows, the rest is recomputed from what is stored.
    const r = await api("PATCH", `plans/${p.id}`, { token, body: { discount_percent: 20, final_amount: 5 } });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    expect(r.json.data).toMatchObject({
      price_percent: 80,
      discount_percent: 20,
      calculated_final_amount: 800,
      second_discount_amount: 400,
      final_amount: 1200,
      customer_per_day_charges: 120,
      walkie_commission_amount: 120,
      company_percent: 90,
      company_commission_amount: 1080,
    });

    const basic = await update(admin, { id: p.id, no_of_dogs: 1, no_of_walks: 1 });
    expect(basic).toMatchObject({
      is_basic_plan: 1,
      second_discount_percent: null,
      second_discount_amount: 0,
      final_amount: 800,
    });
    // The edit's own split check reads the stored walkie percent.
    expect(await fieldErrorsOf(update(admin, { id: p.id, franchisee_percent: 95 }))).toEqual({
      franchisee_percent: PLAN_MESSAGES.splitOver100,
    });
  });

  it("keeps another company's plan out of reach (404)", async () => {
    const [foreign] = await db
      .select({ id: plans.id })
      .from(plans)
      .where(and(eq(plans.company_id, wag.id)))
      .limit(1);
    expect((await api("GET", `plans/${foreign.id}`, { token })).status).toBe(404);
    expect((await api("PATCH", `plans/${foreign.id}`, { token, body: { days: 5 } })).status).toBe(404);
    expect((await api("POST", `plans/delete/${foreign.id}`, { token })).status).toBe(404);
  });
});
