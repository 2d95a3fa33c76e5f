import { can } from "@/lib/platform/context";
import { requirePageContext } from "@/lib/platform/session";
import { AccessDenied } from "../../_components/access-denied";
import { EMPTY_MODULE, ModuleForm } from "../_components/module-form";

export const metadata = { title: "Add Module" };

export default async function CreateModulePage() {
  const ctx = await requirePageContext();
  if (!can(ctx, "modules.create")) return <AccessDenied />;
  return <ModuleForm initial={EMPTY_MODULE} />;
}
