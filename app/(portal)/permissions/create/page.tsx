import { permissionMasters, permissionsDef } from "@/lib/admin/permission-records";
import { createScreen } from "@/lib/platform/screens";
import { EMPTY_PERMISSION, PermissionForm } from "../_components/permission-form";

export const metadata = { title: "Add Permission" };

export default async function CreatePermissionPage() {
  const { ctx } = await createScreen(permissionsDef);
  const { modules } = await permissionMasters(ctx);
  return (
    <PermissionForm
      initial={EMPTY_PERMISSION}
      modules={modules.map((m) => ({ value: String(m.id), label: m.name }))}
    />
  );
}
