import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { franchiseeKycApproval, franchiseeKycDocumentsCrud } from "@/lib/franchise/franchisee-kyc-documents";
import { clientApproval } from "@/lib/platform/approval";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import {
  decideFranchiseeKycDocumentAction,
  deleteFranchiseeKycDocumentAction,
  exportFranchiseeKycDocumentsAction,
  restoreFranchiseeKycDocumentAction,
} from "./actions";
import { KycDocumentsTable } from "./_components/kyc-documents-table";

export const metadata = { title: "Franchisee Kyc Documents" };

/**
 * Franchisee KYC documents (spec 002 §2), optionally of one franchisee (?franchisee_id, from the franchisees list):
 * search, status, approval status, KYC-valid, trash, export; a preview link to each file.
 */
export default async function FranchiseeKycDocumentsPage({ searchParams }: ListPageProps) {
  const s = await listScreen(franchiseeKycDocumentsCrud, searchParams, {
    fields: [
      "franchisee_name",
      "document_type_name",
      "document_name",
      "document_url",
      "status",
      "remark",
      "expires_on",
      "is_active",
      "updated_at",
      "can_submit",
      "can_review",
      "can_resubmit",
      "edit_label",
    ],
  });
  return (
    <EntityListPage
      {...s.page}
      // The franchisee comes from the franchisees list's row link (?franchisee_id), not a dropdown.
      filters={s.page.filters.filter((f) => f.param !== "franchisee_id")}
      searchPlaceholder="Search by document, type or franchisee"
      exportAction={exportFranchiseeKycDocumentsAction}
    >
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => (
          <KycDocumentsTable
            {...t}
            approval={clientApproval(s.ctx, franchiseeKycApproval)}
            decide={decideFranchiseeKycDocumentAction}
            actions={{
              delete: deleteFranchiseeKycDocumentAction,
              restore: restoreFranchiseeKycDocumentAction,
            }}
          />
        )}
      </ListRows>
    </EntityListPage>
  );
}
