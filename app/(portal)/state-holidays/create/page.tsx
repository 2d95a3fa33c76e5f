import { stateHolidaysCrud } from "@/lib/operations/state-holidays";
import { stateOptions } from "@/lib/operations/states";
import { createScreen } from "@/lib/platform/screens";
import { EMPTY_STATE_HOLIDAY, StateHolidayForm } from "../_components/state-holiday-form";

export const metadata = { title: "Add State Holiday" };

export default async function CreateStateHolidayPage() {
  const s = await createScreen(stateHolidaysCrud);
  const states = (await stateOptions()).map((x) => ({ value: String(x.id), label: x.description }));
  return <StateHolidayForm {...s.form} initial={EMPTY_STATE_HOLIDAY} states={states} />;
}
