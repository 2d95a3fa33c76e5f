import { EditScreen } from "@/components/audit/edit-screen";
import { stateHolidaysCrud } from "@/lib/operations/state-holidays";
import { stateOptionsWith } from "@/lib/operations/states";
import { editScreen } from "@/lib/platform/screens";
import { StateHolidayForm } from "../_components/state-holiday-form";

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
      <StateHolidayForm
        {...s.form}
        initial={{
          state: String(r.state),
          // The date input shows yyyy-mm-dd: the first 10 characters (spec 001 §2).
          holiday_date: String(r.holiday_date).slice(0, 10),
          description: r.description ?? "",
          is_recurring: r.is_recurring,
          is_active: r.is_active,
        }}
        states={states}
      />
    </EditScreen>
  );
}
