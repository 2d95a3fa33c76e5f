import { EditScreen } from "@/components/audit/edit-screen";
import { pjpMasters } from "@/lib/operations/pjp-masters";
import { pjpReferencesCrud } from "@/lib/operations/pjp-references";
import { editScreen } from "@/lib/platform/screens";
import { withOwn } from "../../pjps/_components/outlet-options";
import { PjpReferenceForm } from "../_components/pjp-reference-form";

export const metadata = { title: "Edit Pjp Reference" };

export default async function EditPjpReferencePage({
  params,
}: {
  params: Promise<{ pjpReferenceId: string }>;
}) {
  const s = await editScreen(pjpReferencesCrud, (await params).pjpReferenceId);
  const r = s.record;
  const m = await pjpMasters(s.ctx, { forReferences: true });
  const users = m.users.map((u) => ({ value: String(u.id), label: u.user_name }));
  if (r.user && !users.some((u) => u.value === String(r.user_id)))
    users.push({ value: String(r.user_id), label: r.user.user_name });
  return (
    <EditScreen ctx={s.ctx} entity="pjp_references" id={s.id}>
      <PjpReferenceForm
        {...s.form}
        initial={{
          name: r.name,
          location: r.location ?? "",
          user_id: String(r.user_id),
          day: r.day,
          week: r.week,
          is_active: r.is_active,
          pjp_reference_outlets: r.pjp_reference_outlets.map((o) => ({ outlet_id: String(o.outlet_id) })),
        }}
        users={users}
        outlets={withOwn(
          m.outlets.map((o) => ({ value: String(o.id), label: o.name })),
          r.pjp_reference_outlets,
        )}
      />
    </EditScreen>
  );
}
