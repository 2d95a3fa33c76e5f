import { roleMasters, rolesDef } from "@/lib/admin/roles";
import { createScreen } from "@/lib/platform/screens";
import { EMPTY_ROLE, RoleForm } from "../_components/role-form";

export const metadata = { title: "Add Role" };

export default async function CreateRolePage() {
  const { ctx } = await createScreen(rolesDef);
  const { modules } = await roleMasters(ctx);
  return <RoleForm initial={EMPTY_ROLE} groups={modules} />;
}
