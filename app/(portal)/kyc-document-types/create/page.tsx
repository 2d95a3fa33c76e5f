import { kycDocumentTypesCrud } from "@/lib/franchise/kyc-document-types";
import { createScreen } from "@/lib/platform/screens";
import { EMPTY_KYC_DOCUMENT_TYPE, KycDocumentTypeForm } from "../_components/kyc-document-type-form";

export const metadata = { title: "Add Kyc Document Type" };

export default async function CreateKycDocumentTypePage() {
  const s = await createScreen(kycDocumentTypesCrud);
  return <KycDocumentTypeForm {...s.form} initial={EMPTY_KYC_DOCUMENT_TYPE} />;
}
