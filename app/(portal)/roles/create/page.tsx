import { roleGrants, rolesCrud } from "@/lib/admin/roles";
import { createScreen } from "@/lib/platform/screens";
import { RoleForm } from "../_components/role-form";
import { EMPTY_ROLE } from "../_components/role-values";

export const metadata = { title: "Add Role" };

export default async function CreateRolePage() {
  const s = await createScreen(rolesCrud);
  return <RoleForm {...s.form} initial={EMPTY_ROLE} groups={(await roleGrants.masters(s.ctx)).modules} />;
}
