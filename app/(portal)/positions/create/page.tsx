import { positionMasters } from "@/lib/admin/positions";
import { can } from "@/lib/platform/context";
import { pageCompanyId } from "@/lib/platform/page-guard";
import { requirePageContext } from "@/lib/platform/session";
import { AccessDenied } from "../../_components/access-denied";
import { EMPTY_POSITION, PositionForm } from "../_components/position-form";

export const metadata = { title: "Add Position" };

export default async function CreatePositionPage() {
  const ctx = await requirePageContext();
  if (!can(ctx, "positions.create")) return <AccessDenied />;
  pageCompanyId(ctx);
  const { modules } = await positionMasters(ctx);
  return <PositionForm initial={EMPTY_POSITION} groups={modules} />;
}
