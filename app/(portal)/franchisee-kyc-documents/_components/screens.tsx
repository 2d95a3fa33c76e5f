import "server-only";
import { EditScreen } from "@/components/audit/edit-screen";
import { isReviewer, kycButtons, typeChoices, type KycKind } from "@/lib/franchise/kyc-common";
import type { Ctx } from "@/lib/platform/context";
import { fileUrl } from "@/lib/platform/file-access";
import { formValuesOf } from "@/lib/platform/form-values";
import { createScreen, editScreen } from "@/lib/platform/screens";
import type { ActionResult } from "@/lib/platform/mutations";
import type { AnyEntity } from "@/lib/platform/entity";
import { KycDocumentForm } from "./kyc-document-form";
import { EMPTY_KYC_DOCUMENT } from "./kyc-document-values";

type Doc = {
  document_type_id: number;
  document_name: string;
  document_path: string | null;
  expires_on: string | null;
  status: number;
  is_active: number;
  remark: string | null;
};

type Kit = {
  kind: KycKind;
  crud: { def: AnyEntity; get: (ctx: Ctx, id: number) => Promise<Doc> };
  masters: (
    ctx: Ctx,
    keep?: number | null,
  ) => Promise<{ document_types: { id: number; description: string; requires_expiry: number }[] }>;
  /** The option source owners are searched in on create (a company has thousands of each). */
  ownerSource: "franchisees" | "staff";
  ownerField: "franchisee_id" | "user_id";
  ownerLabel: string;
  create: (values: unknown) => Promise<ActionResult<unknown>>;
  update: (id: string, values: unknown) => Promise<ActionResult<unknown>>;
};

/**
 * The edit screen of a KYC document (franchisee or staff; spec 002 §2): "Submit Document" for the franchisee admin
 * while no file was submitted, "Review Kyc Document" for reviewers; `resubmit` the re-submission of a rejected file
 * (a new file required). Anyone else, or a document whose turn it is not, sees it read-only.
 */
export async function KycEditScreen({
  kit,
  opaqueId,
  resubmit,
}: {
  kit: Kit;
  opaqueId: string;
  resubmit?: boolean;
}) {
  const s = await editScreen(kit.crud, opaqueId);
  const r = s.record;
  const b = kycButtons(s.ctx, kit.kind, r);
  const reviewer = isReviewer(s.ctx, kit.kind);
  const open = resubmit ? b.can_resubmit : b.can_submit || b.can_review;
  const title = resubmit ? "Re-submit Document" : (b.edit_label ?? undefined);
  return (
    <EditScreen ctx={s.ctx} entity={kit.kind.name} id={s.id}>
      <KycDocumentForm
        {...s.form}
        readOnly={s.form.readOnly || !open}
        title={title}
        submitLabel={title}
        initial={formValuesOf(EMPTY_KYC_DOCUMENT, r)}
        ownerField={kit.ownerField}
        ownerLabel={kit.ownerLabel}
        documentTypes={typeChoices(await kit.masters(s.ctx, r.document_type_id))}
        reviewer={reviewer}
        fileUrl={fileUrl(r.document_path)}
        requireFile={resubmit || (!reviewer && !r.document_path)}
        update={kit.update}
      />
    </EditScreen>
  );
}

/** The create screen: the owner (unless the caller's own franchisee), the type, name, file and expiry. */
export async function KycCreateScreen({ kit }: { kit: Kit }) {
  const s = await createScreen(kit.crud);
  const reviewer = isReviewer(s.ctx, kit.kind);
  const ownFranchisee = kit.ownerField === "franchisee_id" && s.ctx.franchiseeId != null;
  return (
    <KycDocumentForm
      {...s.form}
      initial={EMPTY_KYC_DOCUMENT}
      ownerSource={ownFranchisee ? undefined : kit.ownerSource}
      ownerField={kit.ownerField}
      ownerLabel={kit.ownerLabel}
      documentTypes={typeChoices(await kit.masters(s.ctx))}
      reviewer={reviewer}
      requireFile={!reviewer}
      create={kit.create}
    />
  );
}
