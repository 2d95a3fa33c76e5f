import { isBuiltInRole, roleGrants, rolesCrud } from "@/lib/admin/roles";
import { formValuesOf } from "@/lib/platform/form-values";
import { editScreen } from "@/lib/platform/screens";
import { EditScreen } from "@/components/audit/edit-screen";
import { RoleForm } from "../_components/role-form";
import { EMPTY_ROLE } from "../_components/role-values";

export const metadata = { title: "Edit Role" };

// Roles are global: only a SUPER ADMIN changes them; a company ADMIN sees them read-only.
export default async function EditRolePage({ params }: { params: Promise<{ roleId: string }> }) {
  const s = await editScreen(rolesCrud, (await params).roleId);
  const r = s.record;
  return (
    <EditScreen ctx={s.ctx} entity="roles" id={s.id}>
      <RoleForm
        {...s.form}
        builtIn={isBuiltInRole(r.id)}
        groups={(await roleGrants.masters(s.ctx)).modules}
        initial={formValuesOf(EMPTY_ROLE, r, { permissions: r.role_permissions.map((p) => p.permission_id) })}
      />
    </EditScreen>
  );
}
