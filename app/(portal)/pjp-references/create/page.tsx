import { pjpReferencesCrud } from "@/lib/operations/pjp-references";
import { createScreen } from "@/lib/platform/screens";
import { PjpReferenceForm } from "../_components/pjp-reference-form";
import { EMPTY_PJP_REFERENCE } from "../_components/pjp-reference-values";

export const metadata = { title: "Add Pjp Reference" };

export default async function CreatePjpReferencePage() {
  const s = await createScreen(pjpReferencesCrud);
  // The user and outlets are searched by the form's pickers (a company has up to a million users).
  return <PjpReferenceForm {...s.form} initial={EMPTY_PJP_REFERENCE} />;
}
