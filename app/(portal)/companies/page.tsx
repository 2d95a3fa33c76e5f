import { companiesDef, listCompanies } from "@/lib/admin/companies";
import { fileUrl } from "@/lib/platform/file-access";
import { filterBar } from "@/lib/platform/list";
import { listScreen } from "@/lib/platform/screens";
import { EntityListPage } from "@/components/data-table";
import { CompaniesTable } from "./_components/companies-table";
import { exportCompaniesAction } from "./actions";

export const metadata = { title: "Companies" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CompaniesPage({ searchParams }: Props) {
  // A SUPER ADMIN sees every company; anyone else the company they act for (without one, the choose-company card).
  const s = await listScreen(companiesDef, searchParams, listCompanies);
  const rows = s.table.rows.map((r) => ({ ...r, logo_url: fileUrl(r.logo_path) }));
  return (
    <EntityListPage
      {...s}
      title="Companies"
      noun="Company"
      href="/companies"
      searchPlaceholder="Search by name, email, phone or admin"
      filters={filterBar(companiesDef.list)}
      exportAction={exportCompaniesAction}
    >
      <CompaniesTable {...s.table} rows={rows} />
    </EntityListPage>
  );
}
