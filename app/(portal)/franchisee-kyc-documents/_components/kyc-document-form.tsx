"use client";
import { useEffect } from "react";
import type { UseFormReturn } from "react-hook-form";
import { EntityForm, fieldsFor, type Option } from "@/components/form";
import type { ActionResult } from "@/lib/platform/mutations";
import { IDEMPOTENCY_FIELD, VERSION_FIELD } from "@/lib/platform/write-fields";
import type { FormScreenProps } from "@/lib/platform/screens";
import { DocumentFileField } from "./document-file-field";
import type { KycDocumentFormValues } from "./kyc-document-values";

export type DocumentTypeOption = Option & { requiresExpiry: boolean };

const STATUS = [
  { value: "0", label: "PENDING" },
  { value: "1", label: "APPROVED" },
  { value: "2", label: "REJECTED" },
];

const F = fieldsFor<KycDocumentFormValues>();

/** The fields EntityForm adds to what it saves (the edit's version, the create's idempotency key), when present. */
const carried = (v: Record<string, unknown>) =>
  Object.fromEntries([VERSION_FIELD, IDEMPOTENCY_FIELD].filter((k) => k in v).map((k) => [k, v[k]]));

type Save = (values: unknown) => Promise<ActionResult<unknown>>;

/**
 * The KYC document form (spec 002 §2, §4): the owner (on create, unless the caller's own franchisee), document type,
 * document name (required), the file (PDF or image), the expiry date (required when the type asks for it); for
 * reviewers the status and Is Active (which follows the status: off when rejected). The remark (rejection reason)
 * shows only when the status is rejected, read-only for the franchisee admin. Only the reviewer's form sends the
 * review fields (the server refuses them from anyone else).
 */
export function KycDocumentForm({
  ownerSource,
  ownerField,
  ownerLabel,
  documentTypes,
  reviewer,
  fileUrl,
  requireFile,
  create,
  update,
  title,
  submitLabel,
  ...props
}: FormScreenProps & {
  initial: KycDocumentFormValues;
  /** On create: the option source the owner is searched in (franchisees or staff); none for a franchisee's own admin. */
  ownerSource?: "franchisees" | "staff";
  ownerField: "franchisee_id" | "user_id";
  ownerLabel: string;
  documentTypes: DocumentTypeOption[];
  reviewer: boolean;
  fileUrl?: string | null;
  requireFile?: boolean;
  create?: Save;
  update?: (id: string, values: unknown) => Promise<ActionResult<unknown>>;
  title?: string;
  submitLabel?: string;
}) {
  const payload = (v: KycDocumentFormValues, withOwner: boolean) => ({
    ...(withOwner && ownerSource ? { [ownerField]: v.owner_id } : {}),
    document_type_id: v.document_type_id,
    document_name: v.document_name,
    expires_on: v.expires_on,
    document_path: v.document_path,
    ...(reviewer
      ? {
          status: v.status,
          is_active: v.status === "2" ? 0 : 1,
          remark: v.status === "2" ? v.remark : undefined,
        }
      : {}),
  });
  return (
    <EntityForm<KycDocumentFormValues>
      {...props}
      title={title}
      submitLabel={submitLabel}
      actions={{
        create:
          create &&
          ((v) =>
            create({
              ...payload(v as KycDocumentFormValues, true),
              ...carried(v as Record<string, unknown>),
            })),
        // The version EntityForm adds to an edit's values (the record as the form opened it) goes along: a save
        // over someone else's change (a reviewer's decision meanwhile) is refused with the conflict dialog.
        update:
          update &&
          ((id, v) =>
            update(id, {
              ...payload(v as KycDocumentFormValues, false),
              ...carried(v as Record<string, unknown>),
            })),
      }}
    >
      {(form) => (
        <Fields
          form={form}
          ownerSource={props.id ? undefined : ownerSource}
          ownerLabel={ownerLabel}
          documentTypes={documentTypes}
          reviewer={reviewer}
          fileUrl={fileUrl}
          requireFile={requireFile}
          readOnly={props.readOnly}
        />
      )}
    </EntityForm>
  );
}

function Fields({
  form,
  ownerSource,
  ownerLabel,
  documentTypes,
  reviewer,
  fileUrl,
  requireFile,
  readOnly,
}: {
  form: UseFormReturn<KycDocumentFormValues>;
  ownerSource?: "franchisees" | "staff";
  ownerLabel: string;
  documentTypes: DocumentTypeOption[];
  reviewer: boolean;
  fileUrl?: string | null;
  requireFile?: boolean;
  readOnly?: boolean;
}) {
  const status = form.watch("status");
  const typeId = form.watch("document_type_id");
  const requiresExpiry = documentTypes.find((t) => t.value === typeId)?.requiresExpiry ?? false;
  // Is Active follows the status (spec 002 §4: off when rejected, else on); the server applies the same rule.
  useEffect(() => {
    const active = status === "2" ? 0 : 1;
    if (form.getValues("is_active") !== active) form.setValue("is_active", active);
  }, [status, form]);
  return (
    <>
      {ownerSource ? <F.Picker name="owner_id" label={ownerLabel} source={ownerSource} required /> : null}
      <F.Select name="document_type_id" label="Document Type" options={documentTypes} required />
      <F.Text name="document_name" label="Document Name" required />
      <DocumentFileField
        name="document_path"
        label="Document (PDF or image)"
        currentUrl={fileUrl}
        required={requireFile}
        disabled={readOnly}
      />
      <F.Date name="expires_on" label="Expiry Date" required={requiresExpiry} />
      {reviewer ? (
        <>
          <F.Select name="status" label="Status" options={STATUS} required />
          <F.Switch name="is_active" label="Is Active" disabled />
        </>
      ) : null}
      {status === "2" ? (
        <F.Text name="remark" label="Remark" multiline disabled={!reviewer} className="md:col-span-2" />
      ) : null}
    </>
  );
}
