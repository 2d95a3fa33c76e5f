import { outletsCrud } from "@/lib/operations/outlets";
import { createScreen } from "@/lib/platform/screens";
import { OutletForm } from "../_components/outlet-form";
import { EMPTY_OUTLET } from "../_components/outlet-values";

export const metadata = { title: "Add Outlet" };

export default async function CreateOutletPage() {
  const s = await createScreen(outletsCrud);
  return <OutletForm {...s.form} initial={EMPTY_OUTLET} />;
}
