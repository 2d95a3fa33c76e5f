// The form's values, outside the client form: the edit page (server) derives its values from them (formValuesOf).

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
