import { positionGrants, positionsCrud } from "@/lib/admin/positions";
import { formValuesOf } from "@/lib/platform/form-values";
import { editScreen } from "@/lib/platform/screens";
import { EditScreen } from "@/components/audit/edit-screen";
import { PositionForm } from "../_components/position-form";
import { EMPTY_POSITION } from "../_components/position-values";

export const metadata = { title: "Edit Position" };

export default async function EditPositionPage({ params }: { params: Promise<{ positionId: string }> }) {
  const s = await editScreen(positionsCrud, (await params).positionId);
  const r = s.record;
  return (
    <EditScreen ctx={s.ctx} entity="positions" id={s.id}>
      <PositionForm
        {...s.form}
        initial={formValuesOf(EMPTY_POSITION, r, { permissions: r.position_permissions })}
        groups={(await positionGrants.masters(s.ctx)).modules}
      />
    </EditScreen>
  );
}
