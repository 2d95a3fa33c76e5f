import { petWalkieCareerRequestsCrud } from "@/lib/franchise/pet-walkie-career-requests";
import { createScreen } from "@/lib/platform/screens";
import { WalkieRequestForm } from "../_components/walkie-request-form";
import { EMPTY_WALKIE_REQUEST } from "../_components/walkie-request-values";

export const metadata = { title: "Add Walkie Career Request" };

/** A walker's paper application, entered by an admin (see WalkieRequestForm). */
export default async function CreateWalkieRequestPage() {
  const s = await createScreen(petWalkieCareerRequestsCrud);
  return <WalkieRequestForm {...s.form} initial={EMPTY_WALKIE_REQUEST} />;
}
