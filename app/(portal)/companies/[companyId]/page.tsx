import { companiesDef, getCompany } from "@/lib/admin/companies";
import { fileUrl } from "@/lib/platform/file-access";
import { editScreen } from "@/lib/platform/screens";
import { AuditHistory } from "@/components/audit/audit-history";
import { CompanyForm } from "../_components/company-form";

export const metadata = { title: "Edit Company" };

type Props = { params: Promise<{ companyId: string }> };

/** Gated on what the loader checks (companies.view); without companies.update the form is read-only. */
export default async function EditCompanyPage({ params }: Props) {
  const { ctx, id, opaqueId, record, readOnly } = await editScreen(
    companiesDef,
    (await params).companyId,
    getCompany,
  );
  return (
    <div className="flex flex-col gap-6">
      <CompanyForm
        id={opaqueId}
        company={record}
        readOnly={readOnly}
        logoUrl={fileUrl(record.logo_path)}
        posterUrl={fileUrl(record.explorer_poster_path)}
      />
      <AuditHistory ctx={ctx} entity="companies" entityId={id} />
    </div>
  );
}
