import { companiesCrud } from "@/lib/admin/companies";
import { fileUrl } from "@/lib/platform/file-access";
import { editScreen } from "@/lib/platform/screens";
import { EditScreen } from "@/components/audit/edit-screen";
import { CompanyForm } from "../_components/company-form";

export const metadata = { title: "Edit Company" };

/** Gated on what the loader checks (companies.view); without companies.update the form is read-only. */
export default async function EditCompanyPage({ params }: { params: Promise<{ companyId: string }> }) {
  const s = await editScreen(companiesCrud, (await params).companyId);
  return (
    <EditScreen ctx={s.ctx} entity="companies" id={s.id}>
      <CompanyForm
        {...s.form}
        company={s.record}
        logoUrl={fileUrl(s.record.logo_path)}
        posterUrl={fileUrl(s.record.explorer_poster_path)}
      />
    </EditScreen>
  );
}
