import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { kycDocumentTypesCrud } from "@/lib/franchise/kyc-document-types";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { KycDocumentTypesTable } from "./_components/kyc-document-types-table";

export const metadata = { title: "Kyc Document Types" };

/** KYC document types (master data, issue 10): search, status, applies to, required, trash. */
export default async function KycDocumentTypesPage({ searchParams }: ListPageProps) {
  const s = await listScreen(kycDocumentTypesCrud, searchParams, {
    fields: ["code", "description", "applies_to", "is_required", "requires_expiry", "is_active"],
  });
  return (
    <EntityListPage {...s.page} searchPlaceholder="Search by code or description">
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => <KycDocumentTypesTable {...t} />}
      </ListRows>
    </EntityListPage>
  );
}
