import { getRole, isBuiltInRole, roleMasters, rolesDef } from "@/lib/admin/roles";
import { editScreen } from "@/lib/platform/screens";
import { AuditHistory } from "@/components/audit/audit-history";
import { RoleForm } from "../_components/role-form";

export const metadata = { title: "Edit Role" };

type Props = { params: Promise<{ roleId: string }> };

export default async function EditRolePage({ params }: Props) {
  const {
    ctx,
    id,
    opaqueId,
    record: role,
    readOnly,
  } = await editScreen(rolesDef, (await params).roleId, getRole);
  const { modules } = await roleMasters(ctx);
  return (
    <div className="flex flex-col gap-6">
      <RoleForm
        id={opaqueId}
        // Roles are global: only a SUPER ADMIN changes them; a company ADMIN sees them read-only.
        readOnly={readOnly}
        builtIn={isBuiltInRole(role.id)}
        groups={modules}
        initial={{
          name: role.name,
          is_active: role.is_active,
          permissions: role.role_permissions.map((p) => p.permission_id),
        }}
      />
      <AuditHistory ctx={ctx} entity="roles" entityId={id} />
    </div>
  );
}
