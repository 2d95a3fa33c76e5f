import { EditScreen } from "@/components/audit/edit-screen";
import { stateGstsCrud } from "@/lib/operations/state-gsts";
import { stateOptionsWith } from "@/lib/operations/states";
import { editScreen } from "@/lib/platform/screens";
import { StateGstForm } from "../_components/state-gst-form";

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
      <StateGstForm
        {...s.form}
        initial={{
          state: String(r.state),
          gst: String(r.gst),
          gst_date: r.gst_date ? String(r.gst_date).slice(0, 10) : "",
          description: r.description ?? "",
          is_recurring: r.is_recurring,
          is_active: r.is_active,
        }}
        states={states}
      />
    </EditScreen>
  );
}
