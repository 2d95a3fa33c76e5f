import { companiesCrud } from "@/lib/admin/companies";
import { createScreen } from "@/lib/platform/screens";
import { CompanyForm } from "../_components/company-form";

export const metadata = { title: "Add Company" };

export default async function CreateCompanyPage() {
  const s = await createScreen(companiesCrud);
  return <CompanyForm {...s.form} />;
}
