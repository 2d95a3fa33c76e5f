import { EditScreen } from "@/components/audit/edit-screen";
import { pjpsCrud } from "@/lib/operations/pjps";
import { formValuesOf } from "@/lib/platform/form-values";
import { editScreen } from "@/lib/platform/screens";
import { chosenOutlets } from "../_components/outlet-options";
import { PjpForm } from "../_components/pjp-form";
import { EMPTY_PJP } from "../_components/pjp-values";

export const metadata = { title: "Edit Pjp" };

export default async function EditPjpPage({ params }: { params: Promise<{ pjpId: string }> }) {
  const s = await editScreen(pjpsCrud, (await params).pjpId);
  const r = s.record;
  // The PJP's own user and outlets are named on first paint (also when deactivated since); others are searched.
  return (
    <EditScreen ctx={s.ctx} entity="pjps" id={s.id}>
      <PjpForm
        {...s.form}
        initial={formValuesOf(EMPTY_PJP, r)}
        user={r.user ? { value: String(r.user_id), label: r.user.user_name } : null}
        outlets={chosenOutlets(r.pjp_outlets)}
      />
    </EditScreen>
  );
}
