import { EditScreen } from "@/components/audit/edit-screen";
import { valuesCrud } from "@/lib/operations/values";
import { formValuesOf } from "@/lib/platform/form-values";
import { editScreen } from "@/lib/platform/screens";
import { ValueForm } from "../_components/value-form";
import { EMPTY_VALUE } from "../_components/value-values";

export const metadata = { title: "Edit Value" };

export default async function EditValuePage({ params }: { params: Promise<{ valueId: string }> }) {
  const s = await editScreen(valuesCrud, (await params).valueId);
  return (
    <EditScreen ctx={s.ctx} entity="values" id={s.id}>
      <ValueForm {...s.form} initial={formValuesOf(EMPTY_VALUE, s.record)} />
    </EditScreen>
  );
}
