"use client";
import { EntityForm, fieldsFor } from "@/components/form";
import type { FormScreenProps } from "@/lib/platform/screens";
import { createKycDocumentTypeAction, updateKycDocumentTypeAction } from "../actions";
import type { KycDocumentTypeFormValues } from "./kyc-document-type-values";

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
