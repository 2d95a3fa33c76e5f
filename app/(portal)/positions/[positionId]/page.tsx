import { notFound } from "next/navigation";
import { getPosition, positionMasters } from "@/lib/admin/positions";
import { can } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { decodeId } from "@/lib/platform/ids";
import { requirePageContext } from "@/lib/platform/session";
import { AccessDenied } from "../../_components/access-denied";
import { PositionForm } from "../_components/position-form";

export const metadata = { title: "Edit Position" };

type Props = { params: Promise<{ positionId: string }> };

export default async function EditPositionPage({ params }: Props) {
  const ctx = await requirePageContext();
  if (!can(ctx, "positions.view") || ctx.companyId == null) return <AccessDenied />;
  const { positionId } = await params;
  const id = decodeId(positionId);
  if (id == null) notFound();
  const position = await getPosition(ctx, id).catch((e) => {
    if (e instanceof AppError && e.status === 404) notFound();
    throw e;
  });
  const { modules } = await positionMasters(ctx);
  return (
    <PositionForm
      id={positionId}
      readOnly={!can(ctx, "positions.update")}
      groups={modules}
      initial={{
        name: position.name,
        is_active: position.is_active,
        position_permissions: position.position_permissions,
      }}
    />
  );
}
