"use client";
import { EntityForm, fieldsFor } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createKycDocumentTypeAction, updateKycDocumentTypeAction } from "../actions";

/** The document type schema's fields (lib/franchise/kyc-document-types.ts) as the form holds them. */
export type KycDocumentTypeFormValues = {
  code: string;
  description: string;
  applies_to: string;
  is_required: number;
  requires_expiry: number;
  is_active: number;
};

export const EMPTY_KYC_DOCUMENT_TYPE: KycDocumentTypeFormValues = {
  code: "",
  description: "",
  applies_to: "1",
  is_required: 1,
  requires_expiry: 0,
  is_active: 1,
};

const APPLIES_TO = [
  { value: "1", label: "Franchisee" },
  { value: "2", label: "Staff" },
];

const F = fieldsFor<KycDocumentTypeFormValues>();

/**
 * Code (upper case), Description (the name of the documents it asks for), Applies To (franchisee or staff),
 * Required (part of KYC validity), Requires Expiry; Is Active on edit.
 */
export function KycDocumentTypeForm(props: FormScreenProps & { initial: KycDocumentTypeFormValues }) {
  return (
    <EntityForm<KycDocumentTypeFormValues>
      {...props}
      actions={{ create: createKycDocumentTypeAction, update: updateKycDocumentTypeAction }}
    >
      <F.Text name="code" label="Code" required upperCase />
      <F.Text name="description" label="Description" required />
      <F.Select name="applies_to" label="Applies To" options={APPLIES_TO} required />
      <F.Switch name="is_required" label="Is Required" />
      <F.Switch name="requires_expiry" label="Requires Expiry Date" />
      {props.id ? <F.Switch name="is_active" label="Is Active" /> : null}
    </EntityForm>
  );
}
