import { positionGrants, positionsCrud } from "@/lib/admin/positions";
import { editScreen } from "@/lib/platform/screens";
import { EditScreen } from "@/components/audit/edit-screen";
import { PositionForm } from "../_components/position-form";

export const metadata = { title: "Edit Position" };

export default async function EditPositionPage({ params }: { params: Promise<{ positionId: string }> }) {
  const s = await editScreen(positionsCrud, (await params).positionId);
  const { name, is_active, position_permissions: permissions } = s.record;
  return (
    <EditScreen ctx={s.ctx} entity="positions" id={s.id}>
      <PositionForm
        {...s.form}
        initial={{ name, is_active, permissions }}
        groups={(await positionGrants.masters(s.ctx)).modules}
      />
    </EditScreen>
  );
}
