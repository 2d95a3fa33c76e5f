import { can } from "@/lib/platform/context";
import { readWalkPolicy } from "@/lib/jobs/walk-policy";
import { authorizePage, guardPage, pageCompanyId } from "@/lib/platform/page-guard";
import { requirePageContext } from "@/lib/platform/session";
import { PolicyForm } from "./_components/policy-form";

export const metadata = { title: "Walk Request Policy" };

/**
 * The walk request policy (Settings; issue 11): how many reschedules a customer's monthly request allows, and the
 * refund tiers of a cancellation by the hours of notice. Read with walk_request_policies.view, saved with .update.
 */
export default async function WalkRequestPolicyPage() {
  const ctx = await requirePageContext();
  authorizePage(ctx, "walk_request_policies.view");
  pageCompanyId(ctx);
  const policy = await guardPage(() => readWalkPolicy(ctx));
  return (
    <PolicyForm
      initial={{
        reschedule_quota: policy.reschedule_quota,
        refund_tiers: policy.refund_tiers,
      }}
      isDefault={policy.is_default}
      readOnly={!can(ctx, "walk_request_policies.update")}
      version={policy.updated_at ?? ""}
    />
  );
}
