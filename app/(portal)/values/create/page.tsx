import { valuesCrud } from "@/lib/operations/values";
import { createScreen } from "@/lib/platform/screens";
import { ValueForm } from "../_components/value-form";
import { EMPTY_VALUE } from "../_components/value-values";

export const metadata = { title: "Add a Value" };

export default async function CreateValuePage() {
  const s = await createScreen(valuesCrud);
  return <ValueForm {...s.form} initial={EMPTY_VALUE} />;
}
