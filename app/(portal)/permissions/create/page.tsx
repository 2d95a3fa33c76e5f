import { permissionMasters, permissionsCrud } from "@/lib/admin/permission-records";
import { createScreen } from "@/lib/platform/screens";
import { PermissionForm } from "../_components/permission-form";
import { EMPTY_PERMISSION } from "../_components/permission-values";

export const metadata = { title: "Add Permission" };

export default async function CreatePermissionPage() {
  const s = await createScreen(permissionsCrud);
  const { modules } = await permissionMasters(s.ctx);
  const options = modules.map((m) => ({ value: String(m.id), label: m.name }));
  return <PermissionForm {...s.form} initial={EMPTY_PERMISSION} modules={options} />;
}
