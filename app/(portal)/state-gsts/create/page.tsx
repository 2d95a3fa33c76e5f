import { stateGstsCrud } from "@/lib/operations/state-gsts";
import { stateOptions } from "@/lib/operations/states";
import { createScreen } from "@/lib/platform/screens";
import { StateGstForm } from "../_components/state-gst-form";
import { EMPTY_STATE_GST } from "../_components/state-gst-values";

export const metadata = { title: "Add State Gst" };

export default async function CreateStateGstPage() {
  const s = await createScreen(stateGstsCrud);
  const states = (await stateOptions()).map((x) => ({ value: String(x.id), label: x.description }));
  return <StateGstForm {...s.form} initial={EMPTY_STATE_GST} states={states} />;
}
