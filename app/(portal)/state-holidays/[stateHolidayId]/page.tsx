import { EditScreen } from "@/components/audit/edit-screen";
import { stateHolidaysCrud } from "@/lib/operations/state-holidays";
import { stateOptionsWith } from "@/lib/operations/states";
import { formValuesOf } from "@/lib/platform/form-values";
import { editScreen } from "@/lib/platform/screens";
import { StateHolidayForm } from "../_components/state-holiday-form";
import { EMPTY_STATE_HOLIDAY } from "../_components/state-holiday-values";

export const metadata = { title: "Edit State Holiday" };

export default async function EditStateHolidayPage({
  params,
}: {
  params: Promise<{ stateHolidayId: string }>;
}) {
  const s = await editScreen(stateHolidaysCrud, (await params).stateHolidayId);
  const r = s.record;
  const states = (await stateOptionsWith(r.state)).map((x) => ({
    value: String(x.id),
    label: x.description,
  }));
  return (
    <EditScreen ctx={s.ctx} entity="state_holidays" id={s.id}>
      <StateHolidayForm {...s.form} initial={formValuesOf(EMPTY_STATE_HOLIDAY, r)} states={states} />
    </EditScreen>
  );
}
