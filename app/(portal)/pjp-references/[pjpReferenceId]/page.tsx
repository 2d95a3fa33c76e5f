import { EditScreen } from "@/components/audit/edit-screen";
import { pjpReferencesCrud } from "@/lib/operations/pjp-references";
import { formValuesOf } from "@/lib/platform/form-values";
import { editScreen } from "@/lib/platform/screens";
import { chosenOutlets } from "../../pjps/_components/outlet-options";
import { PjpReferenceForm } from "../_components/pjp-reference-form";
import { EMPTY_PJP_REFERENCE } from "../_components/pjp-reference-values";

export const metadata = { title: "Edit Pjp Reference" };

export default async function EditPjpReferencePage({
  params,
}: {
  params: Promise<{ pjpReferenceId: string }>;
}) {
  const s = await editScreen(pjpReferencesCrud, (await params).pjpReferenceId);
  const r = s.record;
  // The reference's own user and outlets are named on first paint (also when deactivated since).
  return (
    <EditScreen ctx={s.ctx} entity="pjp_references" id={s.id}>
      <PjpReferenceForm
        {...s.form}
        initial={formValuesOf(EMPTY_PJP_REFERENCE, r)}
        user={r.user ? { value: String(r.user_id), label: r.user.user_name } : null}
        outlets={chosenOutlets(r.pjp_reference_outlets)}
      />
    </EditScreen>
  );
}
