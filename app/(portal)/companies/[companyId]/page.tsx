import { getCompany } from "@/lib/admin/companies";
import { can } from "@/lib/platform/context";
import { fileUrl } from "@/lib/platform/file-access";
import { orNotFound, pageId, requirePageContext } from "@/lib/platform/session";
import { AccessDenied } from "../../_components/access-denied";
import { CompanyForm } from "../_components/company-form";
import { AuditHistory } from "@/components/audit/audit-history";

export const metadata = { title: "Edit Company" };

type Props = { params: Promise<{ companyId: string }> };

export default async function EditCompanyPage({ params }: Props) {
  const ctx = await requirePageContext();
  // Gated on what the loader checks (getCompany: companies.view); without companies.update the form is read-only.
  if (!can(ctx, "companies.view")) return <AccessDenied />;
  const id = pageId((await params).companyId);
  const company = await orNotFound(getCompany(ctx, id));
  const text = (v: string | null) => v ?? "";
  return (
    <div className="flex flex-col gap-6">
      <CompanyForm
        id={(await params).companyId}
        readOnly={!can(ctx, "companies.update")}
        logoUrl={fileUrl(company.logo_path)}
        posterUrl={fileUrl(company.explorer_poster_path)}
        initial={{
          name: company.name,
          tag_line: text(company.tag_line),
          email: company.email,
          phone: company.phone,
          admin_name: text(company.admin_name),
          address: company.address,
          city: text(company.city),
          state: text(company.state),
          pincode: text(company.pincode),
          code: text(company.code),
          whatsapp_no: text(company.whatsapp_no),
          is_active: company.is_active,
          is_location_tracking_enabled: company.is_location_tracking_enabled,
          is_SUSP_enabled: company.is_SUSP_enabled,
          is_SUSL_enabled: company.is_SUSL_enabled,
          franchisee_summary_colorcode: company.franchisee_summary_colorcode,
          franchisee_summary_colorcode_2: company.franchisee_summary_colorcode_2,
          franchisee_summary_colorcode_3: company.franchisee_summary_colorcode_3,
          staff_summary_colorcode: company.staff_summary_colorcode,
          staff_summary_colorcode_2: company.staff_summary_colorcode_2,
          staff_summary_colorcode_3: company.staff_summary_colorcode_3,
          about_us: text(company.about_us),
          terms: text(company.terms),
          faqs: text(company.faqs),
          privacy: text(company.privacy),
          return_policy: text(company.return_policy),
          refund_policy: text(company.refund_policy),
          cancellation_policy: text(company.cancellation_policy),
          disclaimer: text(company.disclaimer),
          logo_path: null,
          explorer_poster_path: null,
        }}
      />
      <AuditHistory ctx={ctx} entity="companies" entityId={id} />
    </div>
  );
}
