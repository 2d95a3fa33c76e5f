import { getModule } from "@/lib/admin/modules";
import { can } from "@/lib/platform/context";
import { orNotFound, pageId, requirePageContext } from "@/lib/platform/session";
import { AuditHistory } from "@/components/audit/audit-history";
import { AccessDenied } from "../../_components/access-denied";
import { ModuleForm } from "../_components/module-form";

export const metadata = { title: "Edit Module" };

type Props = { params: Promise<{ moduleId: string }> };

export default async function EditModulePage({ params }: Props) {
  const ctx = await requirePageContext();
  if (!can(ctx, "modules.view")) return <AccessDenied />;
  const { moduleId } = await params;
  const id = pageId(moduleId);
  const m = await orNotFound(getModule(ctx, id));
  return (
    <div className="flex flex-col gap-6">
      <ModuleForm
        id={moduleId}
        initial={{ name: m.name, is_active: m.is_active }}
        permissions={m.permissions}
        readOnly={!can(ctx, "modules.update")}
      />
      <AuditHistory ctx={ctx} entity="modules" entityId={id} />
    </div>
  );
}
