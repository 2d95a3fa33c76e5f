import { permissionMasters } from "@/lib/admin/permission-records";
import { can } from "@/lib/platform/context";
import { requirePageContext } from "@/lib/platform/session";
import { AccessDenied } from "../../_components/access-denied";
import { EMPTY_PERMISSION, PermissionForm } from "../_components/permission-form";

export const metadata = { title: "Add Permission" };

export default async function CreatePermissionPage() {
  const ctx = await requirePageContext();
  if (!can(ctx, "permissions.create")) return <AccessDenied />;
  const { modules } = await permissionMasters(ctx);
  return (
    <PermissionForm
      initial={EMPTY_PERMISSION}
      modules={modules.map((m) => ({ value: String(m.id), label: m.name }))}
    />
  );
}
