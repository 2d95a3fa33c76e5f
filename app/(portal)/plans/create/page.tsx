import { masterRows, PLAN_TIERS_VALUE } from "@/lib/franchise/master-rows";
import { plansCrud } from "@/lib/franchise/plans";
import { createScreen } from "@/lib/platform/screens";
import { PlanForm } from "../_components/plan-form";
import { EMPTY_PLAN } from "../_components/plan-values";

export const metadata = { title: "Add Plan" };

export default async function CreatePlanPage() {
  const s = await createScreen(plansCrud);
  const tiers = await masterRows(s.ctx, PLAN_TIERS_VALUE);
  return (
    <PlanForm
      {...s.form}
      initial={EMPTY_PLAN}
      tiers={tiers.map((t) => ({ value: String(t.id), label: t.description }))}
    />
  );
}
