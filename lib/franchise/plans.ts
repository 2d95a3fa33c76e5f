import "server-only";
import { eq, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { z } from "zod";
import { plans, valueLists } from "@/db/schema";
import type { Ctx } from "@/lib/platform/context";
import type { Executor } from "@/lib/platform/db";
import { appContentScope, crudOf, defineEntity } from "@/lib/platform/entity";
import { entityActions } from "@/lib/platform/entity-actions";
import type { FieldErrors } from "@/lib/platform/errors";
import { defineList, enumFilter, idAndStatusColumns, referenceFilter } from "@/lib/platform/list";
import { flag, requiredId } from "@/lib/platform/schemas";
import { checkMasterRow, masterRows, PLAN_TIERS_VALUE } from "./master-rows";
import {
  computePlan,
  isBasicPlan,
  PLAN_LIMITS,
  PLAN_MESSAGES,
  twoDecimals,
  type PlanPricingInput,
} from "./plan-pricing";

export const PLAN_TIER_INVALID = "The selected tier is invalid.";

/** Blank (or missing) → undefined, so a required field says "required" and an optional one stays unset. */
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);

/** 1 or 2 (spec 002 §5 and §9), sent as a number or a form's string. */
const count = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `The ${label} field is required.` })
      .refine((n) => n === 1 || n === 2, `The ${label} must be 1 or 2.`),
  );

/** A percent 0..100 with at most 2 decimals. */
const percentNumber = (label: string) =>
  z.coerce
    .number({ error: `The ${label} must be a number.` })
    .min(0, `The ${label} may not be negative.`)
    .max(100, `The ${label} may not be greater than 100.`)
    .refine(twoDecimals, `The ${label} may have at most 2 decimals.`);

/** An optional percent: blank or missing is not sent (the stored value or the default applies). */
const percent = (label: string) => z.preprocess(blankToUndefined, percentNumber(label).optional());

/** A percent that may be cleared: blank → null. */
const percentOrNull = (label: string) =>
  z.preprocess((v) => (v === "" ? null : v), percentNumber(label).nullish());

/** Rupees, 0 to ₹1 crore, at most 2 decimals. */
const amount = (label: string) =>
  z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: `The ${label} field is required.` })
      .min(0, `The ${label} may not be negative.`)
      .max(PLAN_LIMITS.maxAmount, `The ${label} may not be greater than ${PLAN_LIMITS.maxAmount}.`)
      .refine(twoDecimals, `The ${label} may have at most 2 decimals.`),
  );

/** A whole number from 1 to `max`; blank → null. */
const wholeOrNull = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? null : v),
    z.coerce
      .number({ error: `The ${label} must be a number.` })
      .int(`The ${label} must be a whole number.`)
      .min(1, `The ${label} must be at least 1.`)
      .max(max, `The ${label} may not be greater than ${max}.`)
      .nullable(),
  );

const ignored = z
  .unknown()
  .optional()
  .describe("Computed by the server from the inputs; a value sent is ignored.");
/** What the old client posts back besides the inputs: computed by the server, never taken from the body. */
const COMPUTED = {
  calculated_final_amount: ignored,
  second_discount_amount: ignored,
  final_amount: ignored,
  customer_per_day_charges: ignored,
  company_percent: ignored,
  walkie_commission_amount: ignored,
  franchisee_commission_amount: ignored,
  company_commission_amount: ignored,
  is_basic_plan: ignored,
};

const inputs = {
  no_of_dogs: count("no of dogs"),
  no_of_walks: count("no of walks"),
  // The spec names the field `tier` (§5's field error, §7's filter): the id of a "PLAN TIERS" row, stored in tier_id.
  tier: requiredId("tier"),
  original_amount: amount("original amount"),
  price_percent: percent("price percent"),
  discount_percent: percent("discount percent").describe(
    "Used only when price_percent is not sent: price_percent = 100 − discount_percent.",
  ),
  second_discount_percent: percentOrNull("second discount percent").describe(
    "Plans that are not basic only; a basic plan stores null.",
  ),
  per_walk_time: wholeOrNull("per walk time", PLAN_LIMITS.maxWalkMinutes).describe("Minutes per walk."),
  days: wholeOrNull("days", PLAN_LIMITS.maxDays),
  walkie_percent: percent("walkie percent"),
  franchisee_percent: percent("franchisee percent"),
};

/**
 * The plan form (spec 002 §3, §5): dogs, walks, tier and original amount required; percents 0..100; the amounts,
 * company percent and is_basic_plan are computed by the server from these (lib/franchise/plan-pricing.ts).
 */
export const planCreateSchema = z.object({ ...inputs, ...COMPUTED, is_active: flag.default(1) });

/** The edit: every key optional; the computed columns are recomputed from the stored inputs merged with these. */
export const planUpdateSchema = z
  .object(inputs)
  .partial()
  .extend({ ...COMPUTED, is_active: flag.optional() });

type PlanRow = typeof plans.$inferSelect;
type Inputs = {
  no_of_dogs?: number;
  no_of_walks?: number;
  tier?: number;
  original_amount?: number;
  price_percent?: number;
  discount_percent?: number;
  second_discount_percent?: number | null;
  per_walk_time?: number | null;
  days?: number | null;
  walkie_percent?: number;
  franchisee_percent?: number;
  is_active?: number;
};

/** price_percent as sent, else from a sent discount_percent (they sum to 100), else `fallback`. */
const pricePercentOf = (i: Inputs, fallback: number) =>
  i.price_percent ??
  (i.discount_percent != null ? Math.round((100 - i.discount_percent) * 100) / 100 : fallback);

/**
 * The columns a save writes: the inputs (merged over the stored row on an edit) and everything computed from them.
 * New plan defaults (spec 002 §9): price 100, walkie 0, franchisee 0 (so discount 0, company 100).
 */
function planValues(i: Inputs, before: PlanRow | null, errors: FieldErrors) {
  const v = {
    no_of_dogs: i.no_of_dogs ?? before!.no_of_dogs,
    no_of_walks: i.no_of_walks ?? before!.no_of_walks,
    original_amount: i.original_amount ?? Number(before!.original_amount),
    price_percent: pricePercentOf(i, before ? Number(before.price_percent) : 100),
    second_discount_percent:
      i.second_discount_percent !== undefined
        ? i.second_discount_percent
        : before?.second_discount_percent != null
          ? Number(before.second_discount_percent)
          : null,
    days: i.days !== undefined ? i.days : (before?.days ?? null),
    walkie_percent: i.walkie_percent ?? (before ? Number(before.walkie_percent) : 0),
    franchisee_percent: i.franchisee_percent ?? (before ? Number(before.franchisee_percent) : 0),
  } satisfies PlanPricingInput;
  if (Math.round(v.walkie_percent * 100) + Math.round(v.franchisee_percent * 100) > 10_000)
    errors.franchisee_percent ??= PLAN_MESSAGES.splitOver100;
  const computed = computePlan(v);
  return {
    ...v,
    ...(i.tier !== undefined ? { tier_id: i.tier } : {}),
    ...(i.per_walk_time !== undefined ? { per_walk_time: i.per_walk_time } : {}),
    ...(i.is_active !== undefined ? { is_active: i.is_active } : {}),
    ...computed,
  };
}

/**
 * A plan's display name, "<tier> · <dogs> dog(s) · <walks> walk(s)/day · <days> days", as SQL over `plans` and the
 * tier's description (valueLists joined on plans.tier_id by default; pass another alias's column). The list searches
 * it; issue 11 shows it on monthly requests. planNameOf (plan-pricing.ts) is the same in JavaScript.
 */
export function planName(tier: AnyPgColumn | SQL = valueLists.description): SQL<string> {
  return sql<string>`concat_ws(' · ', ${tier}, ${plans.no_of_dogs} || case when ${plans.no_of_dogs} = 1 then ' dog' else ' dogs' end, ${plans.no_of_walks} || case when ${plans.no_of_walks} = 1 then ' walk/day' else ' walks/day' end, ${plans.days} || ' days')`;
}

const COUNT_OPTIONS = [
  { value: "1", label: "1" },
  { value: "2", label: "2" },
] as const;

/** Subscription plans (spec 002 §2 Plans): pricing, discounts and commission splits; newest first. */
export const plansDef = defineEntity({
  name: "plans",
  noun: "Plan",
  href: "/plans",
  table: plans,
  // An app user (role USER) reads only the active plans of their company (issue 22); writes stay staff's.
  scope: appContentScope(plans, eq(plans.is_active, 1)),
  create: planCreateSchema,
  update: planUpdateSchema,
  list: defineList({
    from: plans,
    select: {
      id: plans.id,
      plan_name: planName(),
      no_of_dogs: plans.no_of_dogs,
      no_of_walks: plans.no_of_walks,
      tier_id: plans.tier_id,
      tier_name: valueLists.description,
      original_amount: plans.original_amount,
      price_percent: plans.price_percent,
      discount_percent: plans.discount_percent,
      calculated_final_amount: plans.calculated_final_amount,
      second_discount_percent: plans.second_discount_percent,
      second_discount_amount: plans.second_discount_amount,
      final_amount: plans.final_amount,
      per_walk_time: plans.per_walk_time,
      days: plans.days,
      customer_per_day_charges: plans.customer_per_day_charges,
      walkie_percent: plans.walkie_percent,
      walkie_commission_amount: plans.walkie_commission_amount,
      franchisee_percent: plans.franchisee_percent,
      franchisee_commission_amount: plans.franchisee_commission_amount,
      company_percent: plans.company_percent,
      company_commission_amount: plans.company_commission_amount,
      is_basic_plan: plans.is_basic_plan,
      is_active: plans.is_active,
    },
    joins: [{ table: valueLists, on: eq(valueLists.id, plans.tier_id) }],
    id: plans.id,
    isActive: plans.is_active,
    deletedAt: plans.deleted_at,
    // The keyword matches the plan's name, which carries the tier's (spec 002 §2: keyword).
    searchText: planName(),
    filters: {
      no_of_dogs: enumFilter(plans.no_of_dogs, "No. Of Dogs", COUNT_OPTIONS),
      no_of_walks: enumFilter(plans.no_of_walks, "No. Of Walks", COUNT_OPTIONS),
      tier: referenceFilter(plans.tier_id, "Tier"),
    },
    // Newest first on (company_id, id) (plans_list_idx).
    export: [
      ...idAndStatusColumns(),
      { header: "Plan", field: "plan_name" },
      { header: "Tier", field: "tier_name" },
      { header: "No. Of Dogs", field: "no_of_dogs" },
      { header: "No. Of Walks", field: "no_of_walks" },
      { header: "Original Amount", field: "original_amount" },
      { header: "Price %", field: "price_percent" },
      { header: "Discount %", field: "discount_percent" },
      { header: "Calculated Final Amount", field: "calculated_final_amount" },
      { header: "Second Discount %", field: "second_discount_percent" },
      { header: "Second Discount Amount", field: "second_discount_amount" },
      { header: "Final Amount", field: "final_amount" },
      { header: "Per Walk Time (min)", field: "per_walk_time" },
      { header: "Days", field: "days" },
      { header: "Customer Per Day Charges", field: "customer_per_day_charges" },
      { header: "Walkie %", field: "walkie_percent" },
      { header: "Walkie Commission", field: "walkie_commission_amount" },
      { header: "Franchisee %", field: "franchisee_percent" },
      { header: "Franchisee Commission", field: "franchisee_commission_amount" },
      { header: "Company %", field: "company_percent" },
      { header: "Company Commission", field: "company_commission_amount" },
    ],
  }),
});

async function checkTier(tx: Executor, ctx: Ctx, id: number, errors: FieldErrors) {
  if (!(await checkMasterRow(tx, ctx, PLAN_TIERS_VALUE, id))) errors.tier ??= PLAN_TIER_INVALID;
}

export const plansCrud = crudOf(plansDef, {
  // The server computes every derived value from the inputs; what the body sent for them is dropped.
  async create({ ctx, tx, input, insert, errors }) {
    await checkTier(tx, ctx, input.tier, errors);
    return insert(planValues(input, null, errors));
  },
  async update({ ctx, tx, before, patch, write, errors }) {
    if (patch.tier != null && patch.tier !== before.tier_id) await checkTier(tx, ctx, patch.tier, errors);
    return write(planValues(patch as Inputs, before, errors));
  },
});
export const planActions = entityActions(plansCrud);

/** GET masters?context=plans: the tiers the form and the list's filter offer. */
export async function planMasters(ctx: Ctx) {
  return { plan_tiers: await masterRows(ctx, PLAN_TIERS_VALUE) };
}

export { isBasicPlan };
