import { permissionMasters, permissionsCrud } from "@/lib/admin/permission-records";
import { ALL_PERMISSIONS, type Permission } from "@/lib/platform/permissions";
import { formValuesOf } from "@/lib/platform/form-values";
import { editScreen } from "@/lib/platform/screens";
import { EditScreen } from "@/components/audit/edit-screen";
import { GRANT_IN_POSITIONS, PlatformDataNote } from "@/components/shell/platform-note";
import { can } from "@/lib/platform/context";
import { PermissionForm } from "../_components/permission-form";
import { EMPTY_PERMISSION } from "../_components/permission-values";

export const metadata = { title: "Edit Permission" };

export default async function EditPermissionPage({ params }: { params: Promise<{ permissionId: string }> }) {
  const s = await editScreen(permissionsCrud, (await params).permissionId);
  const { modules } = await permissionMasters(s.ctx);
  return (
    <EditScreen ctx={s.ctx} entity="permissions" id={s.id}>
      {s.readOnly ? (
        <PlatformDataNote
          records="Permissions"
          offer={can(s.ctx, "positions.update") ? GRANT_IN_POSITIONS : null}
        />
      ) : null}
      <PermissionForm
        {...s.form}
        initial={formValuesOf(EMPTY_PERMISSION, s.record)}
        modules={modules.map((m) => ({ value: String(m.id), label: m.name }))}
        nameLocked={ALL_PERMISSIONS.includes(s.record.permission_name as Permission)}
      />
    </EditScreen>
  );
}
