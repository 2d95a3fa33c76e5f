import { getRole, isBuiltInRole, roleMasters } from "@/lib/admin/roles";
import { can } from "@/lib/platform/context";
import { orNotFound, pageId, requirePageContext } from "@/lib/platform/session";
import { AuditHistory } from "@/components/audit/audit-history";
import { AccessDenied } from "../../_components/access-denied";
import { RoleForm } from "../_components/role-form";

export const metadata = { title: "Edit Role" };

type Props = { params: Promise<{ roleId: string }> };

export default async function EditRolePage({ params }: Props) {
  const ctx = await requirePageContext();
  if (!can(ctx, "roles.view")) return <AccessDenied />;
  const { roleId } = await params;
  const id = pageId(roleId);
  const role = await orNotFound(getRole(ctx, id));
  const { modules } = await roleMasters(ctx);
  return (
    <div className="flex flex-col gap-6">
      <RoleForm
        id={roleId}
        // Roles are global: only a SUPER ADMIN changes them; a company ADMIN sees them read-only.
        readOnly={!can(ctx, "roles.update")}
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
