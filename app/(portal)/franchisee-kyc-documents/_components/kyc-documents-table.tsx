"use client";
import { FileSearch, FileUp, RefreshCw } from "lucide-react";
import { DecisionCell } from "@/components/approval/decision-cell";
import type { DecideAction } from "@/components/approval/decision-dialog";
import {
  CellText,
  dateColumn,
  EntityTable,
  statusColumn,
  textColumn,
  type RowLink,
} from "@/components/data-table";
import type { ClientApproval } from "@/lib/platform/approval";
import type { ActionResult } from "@/lib/platform/mutations";
import type { ListScreenProps, ScreenRow } from "@/lib/platform/screens";

export type KycDocumentRow = ScreenRow<{
  id: number;
  franchisee_name: string | null;
  user_name?: string | null;
  document_type_name: string | null;
  document_name: string;
  document_url: string | null;
  status: number;
  remark: string | null;
  expires_on: string | null;
  is_active: number;
  updated_at: string | Date;
  can_submit: boolean;
  can_review: boolean;
  can_resubmit: boolean;
  edit_label: string | null;
}>;

/**
 * Sr No, Status, (User), Franchisee, Document Type, Document Name, Document (preview in a new tab), Approval, Remark,
 * Expires On, Updated, Action. The row's buttons follow spec 002 §2, computed by the server per caller: Submit
 * Document, Review Kyc Document, Re-submit; delete (admins) and restore in the trash view.
 */
export function KycDocumentsTable({
  showUser,
  actions,
  approval,
  decide,
  ...props
}: ListScreenProps<KycDocumentRow> & {
  showUser?: boolean;
  /** The review workflow's client part (clientApproval) and its server action. */
  approval: ClientApproval;
  decide: DecideAction;
  actions: {
    delete?: (id: string) => Promise<ActionResult<unknown>>;
    restore?: (id: string) => Promise<ActionResult<unknown>>;
  };
}) {
  const links = (r: KycDocumentRow): RowLink[] => {
    const out: RowLink[] = [];
    if (r.can_submit || r.can_review)
      out.push({
        href: `${props.href}/${r.id}`,
        label: `${r.edit_label}: ${r.document_name}`,
        tip: r.edit_label ?? "Edit",
        icon: r.can_submit ? FileUp : FileSearch,
      });
    if (r.can_resubmit)
      out.push({
        href: `${props.href}/re-submit/${r.id}`,
        label: `Re-submit ${r.document_name}`,
        tip: "Re-submit",
        icon: RefreshCw,
      });
    return out;
  };
  return (
    <EntityTable
      {...props}
      // The edit link follows the button rules (links), not the view permission.
      may={{ ...props.may, view: false }}
      label={(r) => r.document_name}
      actions={actions}
      links={links}
      columns={[
        statusColumn<KycDocumentRow>(),
        // A phone card: the document type, its approval, whose it is, when it expires and why it was rejected.
        ...(showUser ? [textColumn<KycDocumentRow>("User", "user_name", { priority: 2, card: true })] : []),
        textColumn<KycDocumentRow>("Franchisee", "franchisee_name", { priority: 5, card: !showUser }),
        textColumn<KycDocumentRow>("Document Type", "document_type_name", { title: true }),
        textColumn<KycDocumentRow>("Document Name", "document_name", { priority: 4 }),
        {
          id: "document",
          header: "Document",
          meta: { priority: 3 },
          cell: ({ row }) =>
            row.original.document_url ? (
              <a
                href={row.original.document_url}
                target="_blank"
                rel="noopener noreferrer"
                className="text-primary underline"
              >
                Preview
              </a>
            ) : (
              <span className="text-muted-foreground">Not submitted</span>
            ),
        },
        {
          id: "approval",
          header: "Approval",
          // The state; Approve / Reject (the kernel's cell) on a submitted document awaiting review, for reviewers.
          cell: ({ row }) => (
            <DecisionCell
              approval={approval}
              row={{ id: row.original.id, status: row.original.status, reason: row.original.remark }}
              label={row.original.document_name}
              decide={decide}
              enabled={!props.trash && !!row.original.document_url}
            />
          ),
        },
        {
          id: "remark",
          header: "Remark",
          meta: { priority: 2, card: true },
          cell: ({ row }) => <CellText text={row.original.remark} />,
        },
        // DD-MM-YYYY like every other screen (spec 000 §9), through the one formatter.
        dateColumn<KycDocumentRow>("Expires On", "expires_on", { priority: 3, card: true }),
        dateColumn<KycDocumentRow>("Updated", "updated_at", { priority: 8 }),
      ]}
    />
  );
}
