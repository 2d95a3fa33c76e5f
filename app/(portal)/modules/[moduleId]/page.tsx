import { modulesCrud } from "@/lib/admin/modules";
import { editScreen } from "@/lib/platform/screens";
import { EditScreen } from "@/components/audit/edit-screen";
import { ModuleForm } from "../_components/module-form";

export const metadata = { title: "Edit Module" };

export default async function EditModulePage({ params }: { params: Promise<{ moduleId: string }> }) {
  const s = await editScreen(modulesCrud, (await params).moduleId);
  const { name, is_active, permissions } = s.record;
  return (
    <EditScreen ctx={s.ctx} entity="modules" id={s.id}>
      <ModuleForm {...s.form} initial={{ name, is_active }} permissions={permissions} />
    </EditScreen>
  );
}
