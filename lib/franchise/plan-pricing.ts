// Plan pricing (spec 002 §5), the one implementation: the plan form computes with it while typing and the server
// recomputes with it on every save (storing what it computes, never what a browser sent). A plain module: no
// "server-only", no "use client".
//
// Arithmetic is in integers — money in paise, percents in hundredths of a percent (basis points) — so no binary
// fraction (0.1 + 0.2 = 0.30000000000000004) ever reaches a rounding step: 100.00 is never rounded up to 101.
// Rounding (decisions; the spec says "rounded up" for the per-day charge and the commissions only):
// - customer_per_day_charges and each commission amount are rounded UP to the whole rupee (the spec's client used
//   Math.ceil on the rupee amount);
// - the other amounts are money to 2 decimals, rounded half up to the paisa.
// The three commissions are each rounded up, so together they may exceed final_amount by up to ₹2.

/** The bounds of a plan's inputs (decisions: the spec shows none beyond dogs and walks 1 or 2). */
export const PLAN_LIMITS = {
  maxAmount: 10_000_000, // ₹1 crore: amounts stay far inside exact integer arithmetic and the money column
  maxDays: 366,
  maxWalkMinutes: 1440,
} as const;

export const PLAN_MESSAGES = {
  splitOver100: "The walkie and franchisee percents together may not be greater than 100.",
} as const;

/** What the pricing reads: the form's inputs. Percents 0..100 (2 decimals), amounts in rupees (2 decimals). */
export type PlanPricingInput = {
  no_of_dogs: number;
  no_of_walks: number;
  original_amount: number;
  price_percent: number;
  /** Used only for a plan that is not basic. */
  second_discount_percent: number | null;
  /** null: no per-day charge. */
  days: number | null;
  walkie_percent: number;
  franchisee_percent: number;
};

/** What the pricing derives (the stored computed columns). */
export type PlanPricing = {
  is_basic_plan: 0 | 1;
  discount_percent: number;
  calculated_final_amount: number;
  second_discount_percent: number | null;
  second_discount_amount: number;
  final_amount: number;
  customer_per_day_charges: number | null;
  company_percent: number;
  walkie_commission_amount: number;
  franchisee_commission_amount: number;
  company_commission_amount: number;
};

/** Rupees → paise, exact for values with at most 2 decimals. */
export const toPaise = (rupees: number): number => Math.round(rupees * 100);
/** Percent → basis points (hundredths of a percent), exact for values with at most 2 decimals. */
const toBp = (percent: number): number => Math.round(percent * 100);
const fromCents = (n: number): number => n / 100;

/** n / d for integers (n ≥ 0, d > 0), rounded half up. */
function divRound(n: number, d: number): number {
  const r = n % d;
  return (n - r) / d + (r * 2 >= d ? 1 : 0);
}
/** n / d for integers (n ≥ 0, d > 0), rounded up. */
function divCeil(n: number, d: number): number {
  const r = n % d;
  return (n - r) / d + (r > 0 ? 1 : 0);
}

/** Whether a number has at most 2 decimals (33.33 yes, 33.333 no). */
export const twoDecimals = (n: number): boolean => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** Basic plan: one dog and one walk (spec 002 §4; on create "neither above 1", the same for counts of 1 or 2). */
export const isBasicPlan = (dogs: number, walks: number): boolean => dogs <= 1 && walks <= 1;

/** discount_percent from price_percent (they sum to 100), and back. */
export const otherPercent = (p: number): number => fromCents(10_000 - toBp(p));

/**
 * The walkie/franchisee split after the form edits one of them: the other is lowered when the two would exceed
 * 100 (decision: the spec says editing one "adjusts" the other; this keeps every other value as typed), and the
 * company takes the rest.
 */
export function splitAfterEdit(edited: number, other: number): { other: number; company: number } {
  const e = Math.min(Math.max(toBp(edited), 0), 10_000);
  const o = Math.min(Math.max(toBp(other), 0), 10_000 - e);
  return { other: fromCents(o), company: fromCents(10_000 - e - o) };
}

/**
 * The plan's computed values from its inputs (spec 002 §5, word for word):
 * - discount_percent = 100 − price_percent;
 * - calculated_final_amount = original_amount × price_percent / 100;
 * - second_discount_amount = calculated_final_amount − calculated_final_amount × second_discount_percent / 100
 *   (the second dog's or walk's price after its discount); final_amount = calculated_final_amount +
 *   second_discount_amount. A basic plan has no second discount: its percent null, its amount 0, final =
 *   calculated;
 * - customer_per_day_charges = final_amount / days, rounded up (null without days);
 * - company_percent = 100 − walkie_percent − franchisee_percent;
 * - each commission amount = final_amount × its percent / 100, rounded up.
 * Inputs are assumed valid (the schema checks bounds first); a negative company share is clamped to 0.
 */
export function computePlan(i: PlanPricingInput): PlanPricing {
  const basic = isBasicPlan(i.no_of_dogs, i.no_of_walks);
  const original = toPaise(i.original_amount);
  const priceBp = toBp(i.price_percent);
  const calculated = divRound(original * priceBp, 10_000);
  const secondBp = basic ? 0 : toBp(i.second_discount_percent ?? 0);
  const secondAmount = basic ? 0 : calculated - divRound(calculated * secondBp, 10_000);
  const final = calculated + secondAmount;
  const walkieBp = toBp(i.walkie_percent);
  const franchiseeBp = toBp(i.franchisee_percent);
  const companyBp = Math.max(10_000 - walkieBp - franchiseeBp, 0);
  // final (paise) × percent (bp) / 10,000 → paise; / 100 more → rupees, rounded up.
  const commission = (bp: number) => divCeil(final * bp, 1_000_000);
  return {
    is_basic_plan: basic ? 1 : 0,
    discount_percent: fromCents(10_000 - priceBp),
    calculated_final_amount: fromCents(calculated),
    second_discount_percent: basic ? null : i.second_discount_percent == null ? null : fromCents(secondBp),
    second_discount_amount: fromCents(secondAmount),
    final_amount: fromCents(final),
    customer_per_day_charges: i.days && i.days > 0 ? divCeil(final, i.days * 100) : null,
    company_percent: fromCents(companyBp),
    walkie_commission_amount: commission(walkieBp),
    franchisee_commission_amount: commission(franchiseeBp),
    company_commission_amount: commission(companyBp),
  };
}

/** What a plan's display name reads (issue 11 shows it on monthly requests). */
export type PlanNameParts = {
  tier: string | null;
  no_of_dogs: number;
  no_of_walks: number;
  days: number | null;
};

/** "<tier> · <dogs> dog(s) · <walks> walk(s)/day · <days> days" (the tier and the days when there are). */
export function planNameOf(p: PlanNameParts): string {
  return [
    p.tier,
    `${p.no_of_dogs} ${p.no_of_dogs === 1 ? "dog" : "dogs"}`,
    `${p.no_of_walks} ${p.no_of_walks === 1 ? "walk" : "walks"}/day`,
    p.days != null ? `${p.days} days` : null,
  ]
    .filter((s) => s)
    .join(" · ");
}
