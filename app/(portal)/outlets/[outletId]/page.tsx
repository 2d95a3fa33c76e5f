import { EditScreen } from "@/components/audit/edit-screen";
import { outletsCrud } from "@/lib/operations/outlets";
import { formValuesOf } from "@/lib/platform/form-values";
import { editScreen } from "@/lib/platform/screens";
import { OutletForm } from "../_components/outlet-form";
import { EMPTY_OUTLET } from "../_components/outlet-values";

export const metadata = { title: "Edit Outlet" };

export default async function EditOutletPage({ params }: { params: Promise<{ outletId: string }> }) {
  const s = await editScreen(outletsCrud, (await params).outletId);
  return (
    <EditScreen ctx={s.ctx} entity="outlets" id={s.id}>
      <OutletForm {...s.form} initial={formValuesOf(EMPTY_OUTLET, s.record, { role_id: undefined })} />
    </EditScreen>
  );
}
