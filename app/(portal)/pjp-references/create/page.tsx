import { pjpMasters } from "@/lib/operations/pjp-masters";
import { pjpReferencesCrud } from "@/lib/operations/pjp-references";
import { createScreen } from "@/lib/platform/screens";
import { EMPTY_PJP_REFERENCE, PjpReferenceForm } from "../_components/pjp-reference-form";

export const metadata = { title: "Add Pjp Reference" };

export default async function CreatePjpReferencePage() {
  const s = await createScreen(pjpReferencesCrud);
  const m = await pjpMasters(s.ctx, { forReferences: true });
  return (
    <PjpReferenceForm
      {...s.form}
      initial={EMPTY_PJP_REFERENCE}
      users={m.users.map((u) => ({ value: String(u.id), label: u.user_name }))}
      outlets={m.outlets.map((o) => ({ value: String(o.id), label: o.name }))}
    />
  );
}
