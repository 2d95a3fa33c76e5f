import { companiesCrud } from "@/lib/admin/companies";
import { fileUrl } from "@/lib/platform/file-access";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { EntityListPage } from "@/components/data-table";
import { CompaniesTable } from "./_components/companies-table";
import { exportCompaniesAction } from "./actions";

export const metadata = { title: "Companies" };

export default async function CompaniesPage({ searchParams }: ListPageProps) {
  // A SUPER ADMIN sees every company; anyone else the company they act for (without one, the choose-company card).
  const s = await listScreen(companiesCrud, searchParams);
  const rows = s.table.rows.map((r) => ({ ...r, logo_url: fileUrl(r.logo_path) }));
  return (
    <EntityListPage
      {...s.page}
      searchPlaceholder="Search by name, email, phone or admin"
      exportAction={exportCompaniesAction}
    >
      <CompaniesTable {...s.table} rows={rows} />
    </EntityListPage>
  );
}
