import { KycEditScreen } from "../../../franchisee-kyc-documents/_components/screens";
import { userKycKit } from "../../_components/kit";

export const metadata = { title: "Re-submit Document" };

/** /user-kyc-documents/re-submit/{id}: a rejected staff document's new file (spec 002 §2). */
export default async function ResubmitUserKycDocumentPage({ params }: { params: Promise<{ id: string }> }) {
  return <KycEditScreen kit={userKycKit} opaqueId={(await params).id} resubmit />;
}
