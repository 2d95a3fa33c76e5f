import { masterRows, ZONES_VALUE } from "@/lib/franchise/master-rows";
import { monthlyRequestsCrud } from "@/lib/jobs/monthly-requests";
import { createScreen } from "@/lib/platform/screens";
import {
  CreateMonthlyRequestForm,
  type CreateMonthlyRequestValues,
} from "../_components/monthly-request-form";

export const metadata = { title: "Add User Monthly Job Request" };

// Here, not in the form's client module: a value a server page imports from a client module is only a reference.
const EMPTY_MONTHLY_REQUEST: CreateMonthlyRequestValues = {
  user_id: "",
  user_address_id: "",
  user_pet_ids: [],
  plan_id: "",
  start_date: "",
  end_date: "",
  zone_id: "",
  franchisee_id: "",
  month: "",
};

/** Add User Monthly Job Request (spec 002 §2: the route exists, its content is ours). */
export default async function CreateMonthlyRequestPage() {
  const s = await createScreen(monthlyRequestsCrud);
  // Plans, like customers and franchisees, are searched by the form's pickers (a company may have thousands).
  const zones = await masterRows(s.ctx, ZONES_VALUE);
  return (
    <CreateMonthlyRequestForm
      {...s.form}
      initial={EMPTY_MONTHLY_REQUEST}
      zones={zones.map((z) => ({ value: String(z.id), label: z.description }))}
      chooseFranchisee={s.ctx.franchiseeId == null}
    />
  );
}
