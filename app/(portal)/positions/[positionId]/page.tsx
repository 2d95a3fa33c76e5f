import { getPosition, positionMasters, positionsDef } from "@/lib/admin/positions";
import { editScreen } from "@/lib/platform/screens";
import { AuditHistory } from "@/components/audit/audit-history";
import { PositionForm } from "../_components/position-form";

export const metadata = { title: "Edit Position" };

type Props = { params: Promise<{ positionId: string }> };

export default async function EditPositionPage({ params }: Props) {
  const { ctx, id, opaqueId, record, readOnly } = await editScreen(
    positionsDef,
    (await params).positionId,
    getPosition,
  );
  const { modules } = await positionMasters(ctx);
  return (
    <div className="flex flex-col gap-6">
      <PositionForm
        id={opaqueId}
        readOnly={readOnly}
        groups={modules}
        initial={{ name: record.name, is_active: record.is_active, permissions: record.position_permissions }}
      />
      <AuditHistory ctx={ctx} entity="positions" entityId={id} />
    </div>
  );
}
