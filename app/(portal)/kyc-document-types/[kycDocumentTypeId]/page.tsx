import { EditScreen } from "@/components/audit/edit-screen";
import { kycDocumentTypesCrud } from "@/lib/franchise/kyc-document-types";
import { formValuesOf } from "@/lib/platform/form-values";
import { editScreen } from "@/lib/platform/screens";
import { KycDocumentTypeForm } from "../_components/kyc-document-type-form";
import { EMPTY_KYC_DOCUMENT_TYPE } from "../_components/kyc-document-type-values";

export const metadata = { title: "Edit Kyc Document Type" };

export default async function EditKycDocumentTypePage({
  params,
}: {
  params: Promise<{ kycDocumentTypeId: string }>;
}) {
  const s = await editScreen(kycDocumentTypesCrud, (await params).kycDocumentTypeId);
  return (
    <EditScreen ctx={s.ctx} entity="kyc_document_types" id={s.id}>
      <KycDocumentTypeForm {...s.form} initial={formValuesOf(EMPTY_KYC_DOCUMENT_TYPE, s.record)} />
    </EditScreen>
  );
}
