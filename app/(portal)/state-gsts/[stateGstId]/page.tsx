import { EditScreen } from "@/components/audit/edit-screen";
import { stateGstsCrud } from "@/lib/operations/state-gsts";
import { stateOptionsWith } from "@/lib/operations/states";
import { formValuesOf } from "@/lib/platform/form-values";
import { editScreen } from "@/lib/platform/screens";
import { StateGstForm } from "../_components/state-gst-form";
import { EMPTY_STATE_GST } from "../_components/state-gst-values";

export const metadata = { title: "Edit State Gst" };

export default async function EditStateGstPage({ params }: { params: Promise<{ stateGstId: string }> }) {
  const s = await editScreen(stateGstsCrud, (await params).stateGstId);
  const r = s.record;
  const states = (await stateOptionsWith(r.state)).map((x) => ({
    value: String(x.id),
    label: x.description,
  }));
  return (
    <EditScreen ctx={s.ctx} entity="state_gsts" id={s.id}>
      <StateGstForm {...s.form} initial={formValuesOf(EMPTY_STATE_GST, r)} states={states} />
    </EditScreen>
  );
}
