import { permissionMasters, permissionsCrud } from "@/lib/admin/permission-records";
import { ALL_PERMISSIONS, type Permission } from "@/lib/platform/permissions";
import { editScreen } from "@/lib/platform/screens";
import { EditScreen } from "@/components/audit/edit-screen";
import { PermissionForm } from "../_components/permission-form";

export const metadata = { title: "Edit Permission" };

export default async function EditPermissionPage({ params }: { params: Promise<{ permissionId: string }> }) {
  const s = await editScreen(permissionsCrud, (await params).permissionId);
  const { module_id, permission_name, is_active } = s.record;
  const { modules } = await permissionMasters(s.ctx);
  return (
    <EditScreen ctx={s.ctx} entity="permissions" id={s.id}>
      <PermissionForm
        {...s.form}
        initial={{ module_id: String(module_id), permission_name, is_active }}
        modules={modules.map((m) => ({ value: String(m.id), label: m.name }))}
        nameLocked={ALL_PERMISSIONS.includes(permission_name as Permission)}
      />
    </EditScreen>
  );
}
