import { can } from "@/lib/platform/context";
import { requirePageContext } from "@/lib/platform/session";
import { AccessDenied } from "../../_components/access-denied";
import { CompanyForm, EMPTY_COMPANY } from "../_components/company-form";

export const metadata = { title: "Add Company" };

export default async function CreateCompanyPage() {
  const ctx = await requirePageContext();
  if (!can(ctx, "companies.create")) return <AccessDenied />;
  return <CompanyForm initial={EMPTY_COMPANY} />;
}
