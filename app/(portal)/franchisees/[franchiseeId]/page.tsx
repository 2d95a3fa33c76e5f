import { EditScreen } from "@/components/audit/edit-screen";
import { franchiseesCrud } from "@/lib/franchise/franchisees";
import { masterRowsWith, ZONES_VALUE } from "@/lib/franchise/master-rows";
import { can } from "@/lib/platform/context";
import { formValuesOf } from "@/lib/platform/form-values";
import { editScreen } from "@/lib/platform/screens";
import { FranchiseeForm } from "../_components/franchisee-form";
import { EMPTY_FRANCHISEE } from "../_components/franchisee-values";

export const metadata = { title: "Edit Franchisee" };

/**
 * Edit Franchisee (View Franchisee for those who may only view: a franchisee's admin reaches their own through
 * the "Franchisee Details" menu entry). Another zone's or franchisee's record is the not-found card.
 */
export default async function EditFranchiseePage({ params }: { params: Promise<{ franchiseeId: string }> }) {
  const s = await editScreen(franchiseesCrud, (await params).franchiseeId);
  const r = s.record;
  const zones = await masterRowsWith(s.ctx, ZONES_VALUE, r.zone_id);
  return (
    <EditScreen ctx={s.ctx} entity="franchisees" id={s.id}>
      <FranchiseeForm
        {...s.form}
        initial={formValuesOf(EMPTY_FRANCHISEE, r)}
        zones={zones.map((z) => ({ value: String(z.id), label: z.description }))}
        approver={can(s.ctx, "franchisees.approve")}
      />
    </EditScreen>
  );
}
