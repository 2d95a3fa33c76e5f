import { getPosition, positionMasters, positionsDef } from "@/lib/admin/positions";
import { editScreen } from "@/lib/platform/screens";
import { EditScreen } from "@/components/audit/edit-screen";
import { PositionForm } from "../_components/position-form";

export const metadata = { title: "Edit Position" };

export default async function EditPositionPage({ params }: { params: Promise<{ positionId: string }> }) {
  const s = await editScreen(positionsDef, (await params).positionId, getPosition);
  const { record: r } = s;
  return (
    <EditScreen ctx={s.ctx} entity="positions" id={s.id}>
      <PositionForm
        id={s.opaqueId}
        readOnly={s.readOnly}
        groups={(await positionMasters(s.ctx)).modules}
        initial={{ name: r.name, is_active: r.is_active, permissions: r.position_permissions }}
      />
    </EditScreen>
  );
}
