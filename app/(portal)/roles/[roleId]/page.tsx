import { notFound } from "next/navigation";
import { getRole, isBuiltInRole, roleMasters } from "@/lib/admin/roles";
import { can } from "@/lib/platform/context";
import { AppError } from "@/lib/platform/errors";
import { decodeId } from "@/lib/platform/ids";
import { requirePageContext } from "@/lib/platform/session";
import { AccessDenied } from "../../_components/access-denied";
import { RoleForm } from "../_components/role-form";

export const metadata = { title: "Edit Role" };

type Props = { params: Promise<{ roleId: string }> };

export default async function EditRolePage({ params }: Props) {
  const ctx = await requirePageContext();
  if (!can(ctx, "roles.view")) return <AccessDenied />;
  const { roleId } = await params;
  const id = decodeId(roleId);
  if (id == null) notFound();
  const role = await getRole(ctx, id).catch((e) => {
    if (e instanceof AppError && e.status === 404) notFound();
    throw e;
  });
  const { modules } = await roleMasters(ctx);
  return (
    <RoleForm
      id={roleId}
      // Roles are global: only a SUPER ADMIN changes them; a company ADMIN sees them read-only.
      readOnly={!can(ctx, "roles.update")}
      builtIn={isBuiltInRole(role.id)}
      groups={modules}
      initial={{
        name: role.name,
        is_active: role.is_active,
        role_permissions: role.role_permissions.map((p) => p.permission_id),
      }}
    />
  );
}
