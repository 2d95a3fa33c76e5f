import { modulesDef } from "@/lib/admin/modules";
import { createScreen } from "@/lib/platform/screens";
import { EMPTY_MODULE, ModuleForm } from "../_components/module-form";

export const metadata = { title: "Add Module" };

export default async function CreateModulePage() {
  await createScreen(modulesDef);
  return <ModuleForm initial={EMPTY_MODULE} />;
}
