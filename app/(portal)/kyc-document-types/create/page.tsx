import { kycDocumentTypesCrud } from "@/lib/franchise/kyc-document-types";
import { createScreen } from "@/lib/platform/screens";
import { KycDocumentTypeForm } from "../_components/kyc-document-type-form";
import { EMPTY_KYC_DOCUMENT_TYPE } from "../_components/kyc-document-type-values";

export const metadata = { title: "Add Kyc Document Type" };

export default async function CreateKycDocumentTypePage() {
  const s = await createScreen(kycDocumentTypesCrud);
  return <KycDocumentTypeForm {...s.form} initial={EMPTY_KYC_DOCUMENT_TYPE} />;
}
