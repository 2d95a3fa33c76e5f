import { can } from "@/lib/platform/context";
import { pageCompanyId } from "@/lib/platform/page-guard";
import { requirePageContext } from "@/lib/platform/session";
import { AccessDenied } from "../../_components/access-denied";
import { UserFormPage } from "../_components/user-form-page";

export const metadata = { title: "Add User" };

export default async function CreateUserPage() {
  const ctx = await requirePageContext();
  if (!can(ctx, "users.create")) return <AccessDenied />;
  pageCompanyId(ctx);
  return <UserFormPage ctx={ctx} listHref="/users" />;
}
