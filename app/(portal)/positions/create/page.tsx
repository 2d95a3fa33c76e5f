import { positionGrants, positionsCrud } from "@/lib/admin/positions";
import { createScreen } from "@/lib/platform/screens";
import { EMPTY_POSITION, PositionForm } from "../_components/position-form";

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
