import { stateHolidaysCrud } from "@/lib/operations/state-holidays";
import { stateOptions } from "@/lib/operations/states";
import { createScreen } from "@/lib/platform/screens";
import { StateHolidayForm } from "../_components/state-holiday-form";
import { EMPTY_STATE_HOLIDAY } from "../_components/state-holiday-values";

export const metadata = { title: "Add State Holiday" };

export default async function CreateStateHolidayPage() {
  const s = await createScreen(stateHolidaysCrud);
  const states = (await stateOptions()).map((x) => ({ value: String(x.id), label: x.description }));
  return <StateHolidayForm {...s.form} initial={EMPTY_STATE_HOLIDAY} states={states} />;
}
