import { KycEditScreen } from "../_components/screens";
import { franchiseeKycKit } from "../_components/kit";

export const metadata = { title: "Franchisee Kyc Document" };

export default async function FranchiseeKycDocumentPage({
  params,
}: {
  params: Promise<{ franchiseeKycDocumentId: string }>;
}) {
  return <KycEditScreen kit={franchiseeKycKit} opaqueId={(await params).franchiseeKycDocumentId} />;
}
