import { EditScreen } from "@/components/audit/edit-screen";
import { pjpMasters } from "@/lib/operations/pjp-masters";
import { pjpsCrud } from "@/lib/operations/pjps";
import { editScreen } from "@/lib/platform/screens";
import { withOwn } from "../_components/outlet-options";
import { PjpForm } from "../_components/pjp-form";

export const metadata = { title: "Edit Pjp" };

export default async function EditPjpPage({ params }: { params: Promise<{ pjpId: string }> }) {
  const s = await editScreen(pjpsCrud, (await params).pjpId);
  const r = s.record;
  const m = await pjpMasters(s.ctx);
  const users = m.users.map((u) => ({ value: String(u.id), label: u.user_name }));
  // The PJP's own user stays selectable even when no longer offered (deactivated since).
  if (r.user && !users.some((u) => u.value === String(r.user_id)))
    users.push({ value: String(r.user_id), label: r.user.user_name });
  return (
    <EditScreen ctx={s.ctx} entity="pjps" id={s.id}>
      <PjpForm
        {...s.form}
        initial={{
          name: r.name,
          location: r.location ?? "",
          user_id: String(r.user_id),
          date: r.date,
          description: r.description ?? "",
          is_active: r.is_active,
          is_outlet_visited: r.is_outlet_visited,
          pjp_outlets: r.pjp_outlets.map((o) => ({ outlet_id: String(o.outlet_id) })),
        }}
        users={users}
        outlets={withOwn(
          m.outlets.map((o) => ({ value: String(o.id), label: o.name })),
          r.pjp_outlets,
        )}
      />
    </EditScreen>
  );
}
