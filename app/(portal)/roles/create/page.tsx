import { roleMasters } from "@/lib/admin/roles";
import { can } from "@/lib/platform/context";
import { requirePageContext } from "@/lib/platform/session";
import { AccessDenied } from "../../_components/access-denied";
import { EMPTY_ROLE, RoleForm } from "../_components/role-form";

export const metadata = { title: "Add Role" };

export default async function CreateRolePage() {
  const ctx = await requirePageContext();
  if (!can(ctx, "roles.create")) return <AccessDenied />;
  const { modules } = await roleMasters(ctx);
  return <RoleForm initial={EMPTY_ROLE} groups={modules} />;
}
