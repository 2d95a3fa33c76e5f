import { pjpMasters } from "@/lib/operations/pjp-masters";
import { pjpsCrud } from "@/lib/operations/pjps";
import { createScreen } from "@/lib/platform/screens";
import { EMPTY_PJP, PjpForm } from "../_components/pjp-form";

export const metadata = { title: "Add Pjp" };

export default async function CreatePjpPage() {
  const s = await createScreen(pjpsCrud);
  const m = await pjpMasters(s.ctx);
  return (
    <PjpForm
      {...s.form}
      initial={EMPTY_PJP}
      users={m.users.map((u) => ({ value: String(u.id), label: u.user_name }))}
      outlets={m.outlets.map((o) => ({ value: String(o.id), label: o.name }))}
    />
  );
}
