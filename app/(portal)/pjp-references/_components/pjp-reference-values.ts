// The form's values, outside the client form: the edit page (server) derives its values from them (formValuesOf).

/** The reference form's values (lib/operations/pjp-references.ts); ids as strings. */
export type PjpReferenceFormValues = {
  name: string;
  location: string;
  user_id: string;
  day: string;
  week: string;
  is_active: number;
  pjp_reference_outlets: { outlet_id: string }[];
};

export const EMPTY_PJP_REFERENCE: PjpReferenceFormValues = {
  name: "",
  location: "",
  user_id: "",
  day: "",
  week: "",
  is_active: 1,
  pjp_reference_outlets: [{ outlet_id: "" }],
};
