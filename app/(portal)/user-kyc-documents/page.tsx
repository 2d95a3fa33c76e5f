import { EntityListPage } from "@/components/data-table";
import { ListRows } from "@/components/data-table/list-rows";
import { userKycApproval, userKycDocumentsCrud } from "@/lib/franchise/user-kyc-documents";
import { clientApproval } from "@/lib/platform/approval";
import { listScreen, type ListPageProps } from "@/lib/platform/screens";
import { KycDocumentsTable } from "../franchisee-kyc-documents/_components/kyc-documents-table";
import {
  decideUserKycDocumentAction,
  deleteUserKycDocumentAction,
  exportUserKycDocumentsAction,
  restoreUserKycDocumentAction,
} from "./actions";

export const metadata = { title: "User Kyc Documents" };

/** Staff KYC documents (spec 002 §2), optionally of one user (?user_id): the franchisee documents' list and rules. */
export default async function UserKycDocumentsPage({ searchParams }: ListPageProps) {
  const s = await listScreen(userKycDocumentsCrud, searchParams, {
    fields: [
      "user_name",
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
      filters={s.page.filters.filter((f) => f.param !== "user_id" && f.param !== "franchisee_id")}
      searchPlaceholder="Search by document, type or user"
      exportAction={exportUserKycDocumentsAction}
    >
      <ListRows table={s.table} rows={s.query.rowsPerPage}>
        {(t) => (
          <KycDocumentsTable
            {...t}
            showUser
            approval={clientApproval(s.ctx, userKycApproval)}
            decide={decideUserKycDocumentAction}
            actions={{ delete: deleteUserKycDocumentAction, restore: restoreUserKycDocumentAction }}
          />
        )}
      </ListRows>
    </EntityListPage>
  );
}
