import { EditScreen } from "@/components/audit/edit-screen";
import { masterRowsWith, PLAN_TIERS_VALUE } from "@/lib/franchise/master-rows";
import { plansCrud } from "@/lib/franchise/plans";
import { formValuesOf } from "@/lib/platform/form-values";
import { editScreen } from "@/lib/platform/screens";
import { PlanForm } from "../_components/plan-form";
import { EMPTY_PLAN } from "../_components/plan-values";

export const metadata = { title: "Edit Plan" };

export default async function EditPlanPage({ params }: { params: Promise<{ planId: string }> }) {
  const s = await editScreen(plansCrud, (await params).planId);
  const r = s.record;
  // A tier deactivated since stays offered, so a save that keeps it passes.
  const tiers = await masterRowsWith(s.ctx, PLAN_TIERS_VALUE, r.tier_id);
  return (
    <EditScreen ctx={s.ctx} entity="plans" id={s.id}>
      <PlanForm
        {...s.form}
        initial={formValuesOf(EMPTY_PLAN, r, { tier: r.tier_id == null ? "" : String(r.tier_id) })}
        tiers={tiers.map((t) => ({ value: String(t.id), label: t.description }))}
      />
    </EditScreen>
  );
}
