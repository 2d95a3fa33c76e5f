import { KycEditScreen } from "../../_components/screens";
import { franchiseeKycKit } from "../../_components/kit";

export const metadata = { title: "Re-submit Document" };

/** /franchisee-kyc-documents/re-submit/{id}: a rejected document's new file (spec 002 §2). */
export default async function ResubmitFranchiseeKycDocumentPage({
  params,
}: {
  params: Promise<{ id: string }>;
}) {
  return <KycEditScreen kit={franchiseeKycKit} opaqueId={(await params).id} resubmit />;
}
