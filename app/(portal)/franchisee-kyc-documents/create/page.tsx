import { KycCreateScreen } from "../_components/screens";
import { franchiseeKycKit } from "../_components/kit";

export const metadata = { title: "Add Franchisee Kyc Document" };

export default async function CreateFranchiseeKycDocumentPage() {
  return <KycCreateScreen kit={franchiseeKycKit} />;
}
