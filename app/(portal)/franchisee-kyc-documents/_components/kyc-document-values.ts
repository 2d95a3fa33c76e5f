// The form's values, outside the client form: the edit page (server) derives its values from them (formValuesOf).

/** A KYC document (franchisee or staff) as the form holds it: texts, blank for none; the file a File. */
export type KycDocumentFormValues = {
  owner_id: string;
  document_type_id: string;
  document_name: string;
  expires_on: string;
  document_path: File | null;
  status: string;
  is_active: number;
  remark: string;
};

export const EMPTY_KYC_DOCUMENT: KycDocumentFormValues = {
  owner_id: "",
  document_type_id: "",
  document_name: "",
  expires_on: "",
  document_path: null,
  status: "0",
  is_active: 1,
  remark: "",
};
