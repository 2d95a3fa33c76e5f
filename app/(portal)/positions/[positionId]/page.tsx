import { getPosition, positionMasters } from "@/lib/admin/positions";
import { can } from "@/lib/platform/context";
import { pageCompanyId } from "@/lib/platform/page-guard";
import { orNotFound, pageId, requirePageContext } from "@/lib/platform/session";
import { AuditHistory } from "@/components/audit/audit-history";
import { AccessDenied } from "../../_components/access-denied";
import { PositionForm } from "../_components/position-form";

export const metadata = { title: "Edit Position" };

type Props = { params: Promise<{ positionId: string }> };

export default async function EditPositionPage({ params }: Props) {
  const ctx = await requirePageContext();
  if (!can(ctx, "positions.view")) return <AccessDenied />;
  pageCompanyId(ctx);
  const { positionId } = await params;
  const id = pageId(positionId);
  const position = await orNotFound(getPosition(ctx, id));
  const { modules } = await positionMasters(ctx);
  return (
    <div className="flex flex-col gap-6">
      <PositionForm
        id={positionId}
        readOnly={!can(ctx, "positions.update")}
        groups={modules}
        initial={{
          name: position.name,
          is_active: position.is_active,
          permissions: position.position_permissions,
        }}
      />
      <AuditHistory ctx={ctx} entity="positions" entityId={id} />
    </div>
  );
}
