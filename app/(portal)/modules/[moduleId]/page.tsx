import { modulesCrud } from "@/lib/admin/modules";
import { formValuesOf } from "@/lib/platform/form-values";
import { editScreen } from "@/lib/platform/screens";
import { EditScreen } from "@/components/audit/edit-screen";
import { PlatformDataNote } from "@/components/shell/platform-note";
import { ModuleForm } from "../_components/module-form";
import { EMPTY_MODULE } from "../_components/module-values";

export const metadata = { title: "Edit Module" };

export default async function EditModulePage({ params }: { params: Promise<{ moduleId: string }> }) {
  const s = await editScreen(modulesCrud, (await params).moduleId);
  return (
    <EditScreen ctx={s.ctx} entity="modules" id={s.id}>
      {s.readOnly ? <PlatformDataNote records="Modules" /> : null}
      <ModuleForm
        {...s.form}
        initial={formValuesOf(EMPTY_MODULE, s.record)}
        permissions={s.record.permissions}
      />
    </EditScreen>
  );
}
