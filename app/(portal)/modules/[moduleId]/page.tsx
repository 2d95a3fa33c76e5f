import { getModule, modulesDef } from "@/lib/admin/modules";
import { editScreen } from "@/lib/platform/screens";
import { EditScreen } from "@/components/audit/edit-screen";
import { ModuleForm } from "../_components/module-form";

export const metadata = { title: "Edit Module" };

export default async function EditModulePage({ params }: { params: Promise<{ moduleId: string }> }) {
  const s = await editScreen(modulesDef, (await params).moduleId, getModule);
  const { record: m } = s;
  return (
    <EditScreen ctx={s.ctx} entity="modules" id={s.id}>
      <ModuleForm
        id={s.opaqueId}
        initial={{ name: m.name, is_active: m.is_active }}
        permissions={m.permissions}
        readOnly={s.readOnly}
      />
    </EditScreen>
  );
}
