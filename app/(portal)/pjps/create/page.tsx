import { pjpsCrud } from "@/lib/operations/pjps";
import { createScreen } from "@/lib/platform/screens";
import { PjpForm } from "../_components/pjp-form";
import { EMPTY_PJP } from "../_components/pjp-values";

export const metadata = { title: "Add Pjp" };

export default async function CreatePjpPage() {
  const s = await createScreen(pjpsCrud);
  // The user and outlets are searched by the form's pickers (a company has up to a million users).
  return <PjpForm {...s.form} initial={EMPTY_PJP} />;
}
