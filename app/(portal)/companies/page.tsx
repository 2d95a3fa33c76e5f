import { companiesCrud } from "@/lib/admin/companies";
import { fileUrl } from "@/lib/platform/file-access";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { CompaniesTable } from "./_components/companies-table";
import { exportCompaniesAction } from "./actions";

export const metadata = { title: "Companies" };

/** The fields the table shows (the rest of the list's row stays on the server). */
const COLUMNS = ["name", "email", "phone", "admin_name", "city", "is_active", "logo_path"] as const;

export default async function CompaniesPage({ searchParams }: ListPageProps) {
  // A SUPER ADMIN sees every company; anyone else the company they act for (without one, the choose-company card).
  const s = await listScreen(companiesCrud, searchParams, { fields: COLUMNS });
  return (
    <EntityListPage
      {...s.page}
      searchPlaceholder="Search by name, email, phone or admin"
      exportAction={exportCompaniesAction}
    >
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {({ rows, ...t }) => (
          <CompaniesTable
            {...t}
            rows={rows.map(({ logo_path, ...r }) => ({ ...r, logo_url: fileUrl(logo_path) }))}
          />
        )}
      </ListRows>
    </EntityListPage>
  );
}
