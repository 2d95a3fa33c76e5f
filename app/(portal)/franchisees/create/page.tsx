import { careerRequestPrefill, franchiseeMasters, franchiseesCrud } from "@/lib/franchise/franchisees";
import { createScreen } from "@/lib/platform/screens";
import { FranchiseeForm } from "../_components/franchisee-form";
import { EMPTY_FRANCHISEE } from "../_components/franchisee-values";

export const metadata = { title: "Add Franchisee" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** Add Franchisee; ?career_request_id=<opaque id> starts from an approved franchisee career request. */
export default async function CreateFranchiseePage({ searchParams }: Props) {
  const s = await createScreen(franchiseesCrud);
  const raw = [(await searchParams).career_request_id].flat()[0];
  const [{ zones }, prefill] = await Promise.all([
    franchiseeMasters(s.ctx),
    careerRequestPrefill(s.ctx, raw),
  ]);
  const { full_name, ...values } = prefill ?? { full_name: null };
  return (
    <FranchiseeForm
      {...s.form}
      initial={{ ...EMPTY_FRANCHISEE, ...values }}
      zones={zones.map((z) => ({ value: String(z.id), label: z.description }))}
      approver={false}
      careerRequestName={full_name}
    />
  );
}
