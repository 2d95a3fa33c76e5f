import { EditScreen } from "@/components/audit/edit-screen";
import { kycDocumentTypesCrud } from "@/lib/franchise/kyc-document-types";
import { editScreen } from "@/lib/platform/screens";
import { KycDocumentTypeForm } from "../_components/kyc-document-type-form";

export const metadata = { title: "Edit Kyc Document Type" };

export default async function EditKycDocumentTypePage({
  params,
}: {
  params: Promise<{ kycDocumentTypeId: string }>;
}) {
  const s = await editScreen(kycDocumentTypesCrud, (await params).kycDocumentTypeId);
  const r = s.record;
  return (
    <EditScreen ctx={s.ctx} entity="kyc_document_types" id={s.id}>
      <KycDocumentTypeForm
        {...s.form}
        initial={{
          code: r.code,
          description: r.description,
          applies_to: String(r.applies_to),
          is_required: r.is_required,
          requires_expiry: r.requires_expiry,
          is_active: r.is_active,
        }}
      />
    </EditScreen>
  );
}
