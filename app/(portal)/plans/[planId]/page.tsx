import { EditScreen } from "@/components/audit/edit-screen";
import { masterRowsWith, PLAN_TIERS_VALUE } from "@/lib/franchise/master-rows";
import { plansCrud } from "@/lib/franchise/plans";
import { editScreen } from "@/lib/platform/screens";
import { PlanForm } from "../_components/plan-form";

export const metadata = { title: "Edit Plan" };

const text = (v: string | number | null) => (v == null ? "" : String(v));

export default async function EditPlanPage({ params }: { params: Promise<{ planId: string }> }) {
  const s = await editScreen(plansCrud, (await params).planId);
  const r = s.record;
  // A tier deactivated since stays offered, so a save that keeps it passes.
  const tiers = await masterRowsWith(s.ctx, PLAN_TIERS_VALUE, r.tier_id);
  return (
    <EditScreen ctx={s.ctx} entity="plans" id={s.id}>
      <PlanForm
        {...s.form}
        initial={{
          no_of_dogs: text(r.no_of_dogs),
          no_of_walks: text(r.no_of_walks),
          tier: text(r.tier_id),
          original_amount: text(r.original_amount),
          price_percent: text(r.price_percent),
          discount_percent: text(r.discount_percent),
          second_discount_percent: text(r.second_discount_percent),
          per_walk_time: text(r.per_walk_time),
          days: text(r.days),
          walkie_percent: text(r.walkie_percent),
          franchisee_percent: text(r.franchisee_percent),
          is_active: r.is_active,
        }}
        tiers={tiers.map((t) => ({ value: String(t.id), label: t.description }))}
      />
    </EditScreen>
  );
}
