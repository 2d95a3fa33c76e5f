import { monthlyRequestsCrud, monthlyScreenChoices } from "@/lib/jobs/monthly-requests";
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
  const m = await monthlyScreenChoices(s.ctx);
  return (
    <CreateMonthlyRequestForm
      {...s.form}
      initial={EMPTY_MONTHLY_REQUEST}
      plans={m.plans.map((p) => ({
        value: String(p.id),
        label: p.name,
        dogs: p.no_of_dogs,
        walks: p.no_of_walks,
      }))}
      zones={m.zones.map((z) => ({ value: String(z.id), label: z.description }))}
      chooseFranchisee={s.ctx.franchiseeId == null}
    />
  );
}
