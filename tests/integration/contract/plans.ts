import { and, asc, eq, isNull } from "drizzle-orm";
import { plans, valueLists, values } from "@/db/schema";
import { PLAN_TIERS_VALUE } from "@/lib/franchise/master-rows";
import type { Env, Sample } from "./types";

/** The first live "PLAN TIERS" row of a company (the plan form's tier). */
export async function planTierOf(e: Pick<Env, "db">, companyId: number): Promise<number> {
  const [t] = await e.db
    .select({ id: valueLists.id })
    .from(valueLists)
    .innerJoin(values, eq(values.id, valueLists.value_id))
    .where(
      and(
        eq(valueLists.company_id, companyId),
        eq(values.name, PLAN_TIERS_VALUE),
        isNull(valueLists.deleted_at),
      ),
    )
    .orderBy(asc(valueLists.id))
    .limit(1);
  return t.id;
}

/** A fresh plan of a company (deleted when `deleted`). */
export async function sparePlan(e: Pick<Env, "db">, companyId: number, deleted = false): Promise<number> {
  const [p] = await e.db
    .insert(plans)
    .values({
      company_id: companyId,
      no_of_dogs: 1,
      no_of_walks: 1,
      tier_id: await planTierOf(e, companyId),
      original_amount: 1000,
      calculated_final_amount: 1000,
      final_amount: 1000,
      company_commission_amount: 1000,
      days: 30,
      customer_per_day_charges: 34,
      deleted_at: deleted ? new Date() : null,
    })
    .returning({ id: plans.id });
  return p.id;
}

const spare = { get: 0, patch: 0, del: 0, restore: 0, tier: 0 };

export const plansSamples: Record<string, Sample> = {
  "GET plans": {
    path: () =>
      "plans?page=1&rowsPerPage=5&show_deleted=0&is_active=1&no_of_dogs=1&no_of_walks=1&search_keyword=basic",
  },
  "GET plan_exports": { path: () => "plan_exports?search_keyword=basic" },
  "POST plans": {
    before: async (e) => void (spare.tier = await planTierOf(e, e.happyId)),
    path: () => "plans",
    body: () => ({
      no_of_dogs: 2,
      no_of_walks: 1,
      tier: spare.tier,
      original_amount: 999,
      price_percent: 90,
      second_discount_percent: 10,
      per_walk_time: 30,
      days: 30,
      walkie_percent: 20,
      franchisee_percent: 10,
    }),
  },
  "GET plans/:id": {
    before: async (e) => void (spare.get = await sparePlan(e, e.happyId)),
    path: () => `plans/${spare.get || 1}`,
    foreign: async (e) => `plans/${await sparePlan(e, e.wagId)}`,
  },
  "PATCH plans/:id": {
    before: async (e) => void (spare.patch = await sparePlan(e, e.happyId)),
    path: () => `plans/${spare.patch || 1}`,
    body: () => ({ original_amount: 1200, walkie_percent: 15, is_active: 0 }),
    foreign: async (e) => `plans/${await sparePlan(e, e.wagId)}`,
  },
  "POST plans/delete/:id": {
    before: async (e) => void (spare.del = await sparePlan(e, e.happyId)),
    path: () => `plans/delete/${spare.del || 1}`,
    foreign: async (e) => `plans/delete/${await sparePlan(e, e.wagId)}`,
  },
  "POST plans/restore/:id": {
    before: async (e) => void (spare.restore = await sparePlan(e, e.happyId, true)),
    path: () => `plans/restore/${spare.restore || 1}`,
    foreign: (e) => `plans/restore/${e.trash.plan}`,
  },
};
