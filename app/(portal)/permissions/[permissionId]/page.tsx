import { getPermission, permissionMasters, permissionsDef } from "@/lib/admin/permission-records";
import { ALL_PERMISSIONS, type Permission } from "@/lib/platform/permissions";
import { editScreen } from "@/lib/platform/screens";
import { AuditHistory } from "@/components/audit/audit-history";
import { PermissionForm } from "../_components/permission-form";

export const metadata = { title: "Edit Permission" };

type Props = { params: Promise<{ permissionId: string }> };

export default async function EditPermissionPage({ params }: Props) {
  const {
    ctx,
    id,
    opaqueId,
    record: p,
    readOnly,
  } = await editScreen(permissionsDef, (await params).permissionId, getPermission);
  const { modules } = await permissionMasters(ctx);
  return (
    <div className="flex flex-col gap-6">
      <PermissionForm
        id={opaqueId}
        initial={{
          module_id: String(p.module_id),
          permission_name: p.permission_name,
          is_active: p.is_active,
        }}
        modules={modules.map((m) => ({ value: String(m.id), label: m.name }))}
        readOnly={readOnly}
        nameLocked={ALL_PERMISSIONS.includes(p.permission_name as Permission)}
      />
      <AuditHistory ctx={ctx} entity="permissions" entityId={id} />
    </div>
  );
}
