import { positionMasters, positionsDef } from "@/lib/admin/positions";
import { createScreen } from "@/lib/platform/screens";
import { EMPTY_POSITION, PositionForm } from "../_components/position-form";

export const metadata = { title: "Add Position" };

export default async function CreatePositionPage() {
  const { ctx } = await createScreen(positionsDef);
  const { modules } = await positionMasters(ctx);
  return <PositionForm initial={EMPTY_POSITION} groups={modules} />;
}
