import { EditScreen } from "@/components/audit/edit-screen";
import { valueListsCrud } from "@/lib/operations/value-lists";
import { valueOptions } from "@/lib/operations/values";
import { formValuesOf } from "@/lib/platform/form-values";
import { encodeId } from "@/lib/platform/ids";
import { editScreen } from "@/lib/platform/screens";
import { ValueListForm } from "../_components/value-list-form";
import { EMPTY_VALUE_LIST } from "../_components/value-list-values";

export const metadata = { title: "Edit Value List" };

export default async function EditValueListPage({ params }: { params: Promise<{ valueListId: string }> }) {
  const s = await editScreen(valueListsCrud, (await params).valueListId);
  const { value_id, value } = s.record;
  const masters = (await valueOptions(s.ctx)).map((v) => ({ value: String(v.id), label: v.name }));
  if (value && !masters.some((m) => m.value === String(value.id)))
    masters.unshift({ value: String(value.id), label: value.name });
  return (
    <EditScreen ctx={s.ctx} entity="value_lists" id={s.id}>
      <ValueListForm
        {...s.form}
        listHref={`/value-lists?master=${encodeId(value_id)}`}
        masters={masters}
        initial={formValuesOf(EMPTY_VALUE_LIST, s.record)}
      />
    </EditScreen>
  );
}
