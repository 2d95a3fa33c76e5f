import "server-only";
import { PLAN_STATUS_LABELS, WALK_STATUS_LABELS } from "@/lib/jobs/common";
import { dailyJobPlanChoices } from "@/lib/jobs/daily-job-plans";
import type { Ctx } from "@/lib/platform/context";
import type { WalkerOption } from "./form-values";

const options = (labels: Record<number, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

/** The plan form's choices as options (ids as strings): customers, franchisees (admins only), walkers, statuses. */
export async function planFormChoices(ctx: Ctx) {
  const c = await dailyJobPlanChoices(ctx);
  return {
    customers: c.customers.map((u) => ({ value: String(u.id), label: u.name })),
    franchisees:
      ctx.franchiseeId == null ? c.franchisees.map((f) => ({ value: String(f.id), label: f.name })) : null,
    walkers: c.walkers.map((w): WalkerOption => ({
      value: String(w.id),
      label: w.name,
      franchisee: String(w.franchisee_id),
    })),
    statuses: options(PLAN_STATUS_LABELS),
    walkStatuses: options(WALK_STATUS_LABELS),
  };
}
