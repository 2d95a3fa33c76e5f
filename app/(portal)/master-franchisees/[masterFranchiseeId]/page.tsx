import { EditScreen } from "@/components/audit/edit-screen";
import { masterFranchiseeMastersWith, masterFranchiseesCrud } from "@/lib/franchise/master-franchisees";
import { formValuesOf } from "@/lib/platform/form-values";
import { editScreen } from "@/lib/platform/screens";
import { MasterFranchiseeForm } from "../_components/master-franchisee-form";
import { EMPTY_MASTER_FRANCHISEE } from "../_components/master-franchisee-values";

export const metadata = { title: "Edit Master Franchisee" };

export default async function EditMasterFranchiseePage({
  params,
}: {
  params: Promise<{ masterFranchiseeId: string }>;
}) {
  const s = await editScreen(masterFranchiseesCrud, (await params).masterFranchiseeId);
  const r = s.record;
  const m = await masterFranchiseeMastersWith(s.ctx, r.user_id, r.zone_ids);
  return (
    <EditScreen ctx={s.ctx} entity="master_franchisees" id={s.id}>
      <MasterFranchiseeForm
        {...s.form}
        initial={formValuesOf(EMPTY_MASTER_FRANCHISEE, r)}
        users={m.users.map((u) => ({ value: String(u.id), label: u.user_name }))}
        zones={m.zones.map((z) => ({ value: String(z.id), label: z.description }))}
      />
    </EditScreen>
  );
}
