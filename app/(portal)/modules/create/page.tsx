import { modulesCrud } from "@/lib/admin/modules";
import { createScreen } from "@/lib/platform/screens";
import { ModuleForm } from "../_components/module-form";
import { EMPTY_MODULE } from "../_components/module-values";

export const metadata = { title: "Add Module" };

export default async function CreateModulePage() {
  const s = await createScreen(modulesCrud);
  return <ModuleForm {...s.form} initial={EMPTY_MODULE} />;
}
