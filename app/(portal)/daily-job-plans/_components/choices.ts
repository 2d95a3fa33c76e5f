import "server-only";
import { PLAN_STATUS_LABELS, WALK_STATUS_LABELS } from "@/lib/jobs/common";
import type { Ctx } from "@/lib/platform/context";

const options = (labels: Record<number, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * The plan form's short lists (statuses) and whether it asks for the franchisee (admins; a franchisee's member plans
 * for their own). Customers, franchisees and walkers grow with the company: the form's pickers search them on the
 * server (lib/options).
 */
export function planFormChoices(ctx: Ctx) {
  return {
    chooseFranchisee: ctx.franchiseeId == null,
    statuses: options(PLAN_STATUS_LABELS),
    walkStatuses: options(WALK_STATUS_LABELS),
  };
}
