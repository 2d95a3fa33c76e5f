import { outletsCrud } from "@/lib/operations/outlets";
import { createScreen } from "@/lib/platform/screens";
import { EMPTY_OUTLET, OutletForm } from "../_components/outlet-form";

export const metadata = { title: "Add Outlet" };

export default async function CreateOutletPage() {
  const s = await createScreen(outletsCrud);
  return <OutletForm {...s.form} initial={EMPTY_OUTLET} />;
}
