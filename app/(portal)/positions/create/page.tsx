import { positionGrants, positionsCrud } from "@/lib/admin/positions";
import { createScreen } from "@/lib/platform/screens";
import { PositionForm } from "../_components/position-form";
import { EMPTY_POSITION } from "../_components/position-values";

export const metadata = { title: "Add Position" };

export default async function CreatePositionPage() {
  const s = await createScreen(positionsCrud);
  return (
    <PositionForm
      {...s.form}
      initial={EMPTY_POSITION}
      groups={(await positionGrants.masters(s.ctx)).modules}
    />
  );
}
