import { listCompanies } from "@/lib/admin/companies";
import { can } from "@/lib/platform/context";
import { guardPage } from "@/lib/platform/page-guard";
import { encodeId } from "@/lib/platform/ids";
import { parseListParams } from "@/lib/platform/lists";
import { companyListSpec } from "@/lib/admin/companies";
import { fileUrl } from "@/lib/platform/file-access";
import { requirePageContext } from "@/lib/platform/session";
import { ListPage, ListToolbar, STATUS_FILTER } from "@/components/data-table";
import { AccessDenied } from "../_components/access-denied";
import { CompaniesTable } from "./_components/companies-table";
import { exportCompaniesAction } from "./actions";

export const metadata = { title: "Companies" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function CompaniesPage({ searchParams }: Props) {
  const ctx = await requirePageContext();
  if (!can(ctx, "companies.list")) return <AccessDenied />;
  const sp = await searchParams;
  const params = parseListParams(sp, companyListSpec);
  // Anyone but a SUPER ADMIN sees only the company they act for: without one, the choose-company card.
  const { data, count } = await guardPage(() => listCompanies(ctx, sp));
  const rows = data.map((r) => ({
    ...r,
    id: encodeId(r.id),
    logo_url: fileUrl(r.logo_path),
    deleted_at: r.deleted_at?.toISOString() ?? null,
  }));
  return (
    <ListPage
      title="Companies"
      trashTitle="Deleted Companies"
      trash={params.showDeleted}
      toolbar={
        <ListToolbar
          searchPlaceholder="Search by name, email, phone or admin"
          filters={[STATUS_FILTER]}
          createHref={can(ctx, "companies.create") ? "/companies/create" : undefined}
          createLabel="Add Company"
          exportAction={can(ctx, "companies.export") ? exportCompaniesAction : undefined}
          trash={can(ctx, "companies.restore")}
        />
      }
    >
      <CompaniesTable
        rows={rows}
        count={count}
        page={params.page}
        rowsPerPage={params.rowsPerPage}
        trash={params.showDeleted}
        canEdit={can(ctx, "companies.update")}
        canDelete={can(ctx, "companies.delete")}
        canRestore={can(ctx, "companies.restore")}
      />
    </ListPage>
  );
}
