import "server-only";
import { plansCrud } from "@/lib/franchise/plans";
import { crudRoutes } from "../entity-routes";
import type { ApiRoute } from "../types";

/**
 * Plans (spec 002 §7): GET plans (no_of_dogs, no_of_walks, tier, is_active, search_keyword), GET plan_exports, POST
 * plans, GET and PATCH plans/{id}, POST plans/delete/{id} and plans/restore/{id}. masters?context=plans answers the
 * tiers (lib/admin/masters.ts).
 */
export const plansRoutes: ApiRoute[] = [...crudRoutes(plansCrud, undefined, { exportPath: "plan_exports" })];
