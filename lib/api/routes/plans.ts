import "server-only";
import { z } from "zod";
import { plansCrud } from "@/lib/franchise/plans";
import { crudRoutes } from "../entity-routes";
import { reshapeRoute } from "../reshape";
import type { ApiRoute } from "../types";

/** The spec's `tier` (002 §3): the plan's tier, the id of a "PLAN TIERS" row (stored as tier_id, which stays). */
const withTier = (_ctx: unknown, rows: Record<string, unknown>[]) =>
  rows.map((r) => ({ ...r, tier: r.tier_id ?? null }));

/**
 * Plans (spec 002 §7): GET plans (no_of_dogs, no_of_walks, tier, is_active, search_keyword), GET plan_exports, POST
 * plans, GET and PATCH plans/{id}, POST plans/delete/{id} and plans/restore/{id}. masters?context=plans answers the
 * tiers (lib/admin/masters.ts). App users (role USER) list and read the company's active plans.
 */
export const plansRoutes: ApiRoute[] = crudRoutes(plansCrud, undefined, { exportPath: "plan_exports" }).map(
  (r) =>
    reshapeRoute(r, withTier, {
      tier: z.number().int().nullable().describe("The plan's tier (a PLAN TIERS row's id), as tier_id."),
    }),
);
