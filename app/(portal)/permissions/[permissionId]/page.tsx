import { getPermission, permissionMasters } from "@/lib/admin/permission-records";
import { can } from "@/lib/platform/context";
import { ALL_PERMISSIONS, type Permission } from "@/lib/platform/permissions";
import { orNotFound, pageId, requirePageContext } from "@/lib/platform/session";
import { AuditHistory } from "@/components/audit/audit-history";
import { AccessDenied } from "../../_components/access-denied";
import { PermissionForm } from "../_components/permission-form";

export const metadata = { title: "Edit Permission" };

type Props = { params: Promise<{ permissionId: string }> };

export default async function EditPermissionPage({ params }: Props) {
  const ctx = await requirePageContext();
  if (!can(ctx, "permissions.view")) return <AccessDenied />;
  const { permissionId } = await params;
  const id = pageId(permissionId);
  const [p, { modules }] = await Promise.all([orNotFound(getPermission(ctx, id)), permissionMasters(ctx)]);
  return (
    <div className="flex flex-col gap-6">
      <PermissionForm
        id={permissionId}
        initial={{
          module_id: String(p.module_id),
          permission_name: p.permission_name,
          is_active: p.is_active,
        }}
        modules={modules.map((m) => ({ value: String(m.id), label: m.name }))}
        readOnly={!can(ctx, "permissions.update")}
        nameLocked={ALL_PERMISSIONS.includes(p.permission_name as Permission)}
      />
      <AuditHistory ctx={ctx} entity="permissions" entityId={id} />
    </div>
  );
}
