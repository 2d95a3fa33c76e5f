import { KycCreateScreen } from "../../franchisee-kyc-documents/_components/screens";
import { userKycKit } from "../_components/kit";

export const metadata = { title: "Add User Kyc Document" };

export default async function CreateUserKycDocumentPage() {
  return <KycCreateScreen kit={userKycKit} />;
}
