import { describe, expect, it } from "vitest";
import {
  computePlan,
  otherPercent,
  planNameOf,
  splitAfterEdit,
  type PlanPricingInput,
} from "@/lib/franchise/plan-pricing";
import { planCreateSchema } from "@/lib/franchise/plans";

const base: PlanPricingInput = {
  no_of_dogs: 1,
  no_of_walks: 1,
  original_amount: 1000,
  price_percent: 100,
  second_discount_percent: null,
  days: 30,
  walkie_percent: 0,
  franchisee_percent: 0,
};

describe("plan pricing (spec 002 §5)", () => {
  it.each([
    {
      name: "new plan defaults: price 100, nothing shared",
      in: {},
      out: {
        is_basic_plan: 1,
        discount_percent: 0,
        calculated_final_amount: 1000,
        second_discount_percent: null,
        second_discount_amount: 0,
        final_amount: 1000,
        customer_per_day_charges: 34, // 33.33… rounded up to the rupee
        company_percent: 100,
        company_commission_amount: 1000,
        walkie_commission_amount: 0,
        franchisee_commission_amount: 0,
      },
    },
    {
      name: "999 over 30 days rounds the per-day charge up to 34",
      in: { original_amount: 999 },
      out: { final_amount: 999, customer_per_day_charges: 34 },
    },
    {
      name: "an exact per-day charge is not rounded up (3000 / 30 = 100, never 101)",
      in: { original_amount: 3000 },
      out: { customer_per_day_charges: 100 },
    },
    {
      name: "float safety: 16.1% of 1000 is exactly 161 (1000 * 16.1 / 100 is 161.00000000000003 in floats: 162)",
      in: { walkie_percent: 16.1 },
      out: { walkie_commission_amount: 161, company_percent: 83.9, company_commission_amount: 839 },
    },
    {
      name: "300.30 over 3 days is 100.10 a day, rounded up to 101",
      in: { original_amount: 300.3, days: 3 },
      out: { final_amount: 300.3, customer_per_day_charges: 101 },
    },
    {
      name: "commissions of an exact share are not rounded up (10% of 1000 is 100)",
      in: { walkie_percent: 10, franchisee_percent: 20 },
      out: {
        company_percent: 70,
        walkie_commission_amount: 100,
        franchisee_commission_amount: 200,
        company_commission_amount: 700,
      },
    },
    {
      name: "percents with decimals: 33.33% price, commissions rounded up each",
      in: { original_amount: 999.99, price_percent: 33.33, walkie_percent: 12.5, franchisee_percent: 7.25 },
      out: {
        discount_percent: 66.67,
        // 999.99 × 0.3333 = 333.296667 → 333.30
        calculated_final_amount: 333.3,
        final_amount: 333.3,
        customer_per_day_charges: 12, // 11.11 → 12
        company_percent: 80.25,
        walkie_commission_amount: 42, // 41.6625 → 42
        franchisee_commission_amount: 25, // 24.16 → 25
        company_commission_amount: 268, // 267.47 → 268
      },
    },
    {
      name: "a basic plan ignores a second discount sent",
      in: { second_discount_percent: 25 },
      out: { is_basic_plan: 1, second_discount_percent: null, second_discount_amount: 0, final_amount: 1000 },
    },
    {
      name: "two dogs: final = calculated + (calculated − calculated × second discount / 100)",
      in: { no_of_dogs: 2, price_percent: 90, second_discount_percent: 25 },
      out: {
        is_basic_plan: 0,
        discount_percent: 10,
        calculated_final_amount: 900,
        second_discount_percent: 25,
        second_discount_amount: 675,
        final_amount: 1575,
        customer_per_day_charges: 53, // 52.5 → 53
      },
    },
    {
      name: "two walks without a second discount: the second walk at full price",
      in: { no_of_walks: 2 },
      out: {
        is_basic_plan: 0,
        second_discount_percent: null,
        second_discount_amount: 1000,
        final_amount: 2000,
      },
    },
    {
      name: "no days: no per-day charge",
      in: { days: null },
      out: { customer_per_day_charges: null },
    },
    {
      name: "a free plan is all zeros",
      in: { original_amount: 0, walkie_percent: 50 },
      out: { final_amount: 0, customer_per_day_charges: 0, walkie_commission_amount: 0 },
    },
  ])("$name", ({ in: changes, out }) => {
    expect(computePlan({ ...base, ...changes })).toMatchObject(out);
  });

  it("price and discount sum to 100, with two decimals", () => {
    expect(otherPercent(33.33)).toBe(66.67);
    expect(otherPercent(100)).toBe(0);
    expect(otherPercent(0.1)).toBe(99.9);
  });

  it("editing walkie or franchisee lowers the other when they would pass 100; the company takes the rest", () => {
    expect(splitAfterEdit(30, 20)).toEqual({ other: 20, company: 50 });
    expect(splitAfterEdit(90, 20)).toEqual({ other: 10, company: 0 });
    expect(splitAfterEdit(12.5, 7.25)).toEqual({ other: 7.25, company: 80.25 });
    expect(splitAfterEdit(150, 20)).toEqual({ other: 0, company: 0 });
  });

  it("names a plan by its tier, dogs, walks and days", () => {
    expect(planNameOf({ tier: "GOLD", no_of_dogs: 1, no_of_walks: 2, days: 30 })).toBe(
      "GOLD · 1 dog · 2 walks/day · 30 days",
    );
    expect(planNameOf({ tier: null, no_of_dogs: 2, no_of_walks: 1, days: null })).toBe("2 dogs · 1 walk/day");
  });
});

describe("plan form validation", () => {
  const valid = { no_of_dogs: "1", no_of_walks: "1", tier: "5", original_amount: "999", days: "30" };
  const errorsOf = (v: Record<string, unknown>) => {
    const r = planCreateSchema.safeParse(v);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
  };

  it("accepts the form's strings", () => {
    const r = planCreateSchema.parse(valid);
    expect(r).toMatchObject({ no_of_dogs: 1, no_of_walks: 1, tier: 5, original_amount: 999, days: 30 });
  });

  it("refuses 0 days, 3 dogs, a missing tier, percents out of range or with 3 decimals", () => {
    expect(errorsOf({ ...valid, days: "0" })).toEqual({ days: "The days must be at least 1." });
    expect(errorsOf({ ...valid, no_of_dogs: "3" })).toEqual({ no_of_dogs: "The no of dogs must be 1 or 2." });
    expect(errorsOf({ ...valid, no_of_walks: "" })).toEqual({
      no_of_walks: "The no of walks field is required.",
    });
    expect(errorsOf({ ...valid, tier: "" })).toEqual({ tier: "The tier field is required." });
    expect(errorsOf({ ...valid, original_amount: "" })).toEqual({
      original_amount: "The original amount field is required.",
    });
    expect(errorsOf({ ...valid, price_percent: "101" })).toEqual({
      price_percent: "The price percent may not be greater than 100.",
    });
    expect(errorsOf({ ...valid, walkie_percent: "-1" })).toEqual({
      walkie_percent: "The walkie percent may not be negative.",
    });
    expect(errorsOf({ ...valid, franchisee_percent: "10.125" })).toEqual({
      franchisee_percent: "The franchisee percent may have at most 2 decimals.",
    });
  });
});
