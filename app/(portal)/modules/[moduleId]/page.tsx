import { getModule, modulesDef } from "@/lib/admin/modules";
import { editScreen } from "@/lib/platform/screens";
import { AuditHistory } from "@/components/audit/audit-history";
import { ModuleForm } from "../_components/module-form";

export const metadata = { title: "Edit Module" };

type Props = { params: Promise<{ moduleId: string }> };

export default async function EditModulePage({ params }: Props) {
  const { ctx, id, opaqueId, record: m, readOnly } = await editScreen(modulesDef, (await params).moduleId, getModule);
  return (
    <div className="flex flex-col gap-6">
      <ModuleForm
        id={opaqueId}
        initial={{ name: m.name, is_active: m.is_active }}
        permissions={m.permissions as { id: number; permission_name: string; is_active: number }[]}
        readOnly={readOnly}
      />
      <AuditHistory ctx={ctx} entity="modules" entityId={id} />
    </div>
  );
}
