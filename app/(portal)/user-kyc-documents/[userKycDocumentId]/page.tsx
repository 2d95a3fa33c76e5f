import { KycEditScreen } from "../../franchisee-kyc-documents/_components/screens";
import { userKycKit } from "../_components/kit";

export const metadata = { title: "User Kyc Document" };

export default async function UserKycDocumentPage({
  params,
}: {
  params: Promise<{ userKycDocumentId: string }>;
}) {
  return <KycEditScreen kit={userKycKit} opaqueId={(await params).userKycDocumentId} />;
}
