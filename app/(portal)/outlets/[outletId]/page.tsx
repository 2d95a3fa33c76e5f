import { EditScreen } from "@/components/audit/edit-screen";
import { outletsCrud } from "@/lib/operations/outlets";
import { editScreen } from "@/lib/platform/screens";
import { OutletForm } from "../_components/outlet-form";

export const metadata = { title: "Edit Outlet" };

export default async function EditOutletPage({ params }: { params: Promise<{ outletId: string }> }) {
  const s = await editScreen(outletsCrud, (await params).outletId);
  const { name, brand, is_active } = s.record;
  return (
    <EditScreen ctx={s.ctx} entity="outlets" id={s.id}>
      <OutletForm {...s.form} initial={{ name, brand: brand ?? "", is_active }} />
    </EditScreen>
  );
}
