import { masterFranchiseeMasters, masterFranchiseesCrud } from "@/lib/franchise/master-franchisees";
import { createScreen } from "@/lib/platform/screens";
import { MasterFranchiseeForm } from "../_components/master-franchisee-form";
import { EMPTY_MASTER_FRANCHISEE } from "../_components/master-franchisee-values";

export const metadata = { title: "Add Master Franchisee" };

export default async function CreateMasterFranchiseePage() {
  const s = await createScreen(masterFranchiseesCrud);
  const m = await masterFranchiseeMasters(s.ctx);
  return (
    <MasterFranchiseeForm
      {...s.form}
      initial={EMPTY_MASTER_FRANCHISEE}
      users={m.users.map((u) => ({ value: String(u.id), label: u.user_name }))}
      zones={m.zones.map((z) => ({ value: String(z.id), label: z.description }))}
    />
  );
}
