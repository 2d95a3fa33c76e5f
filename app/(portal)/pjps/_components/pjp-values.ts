// The form's values, outside the client form: the edit page (server) derives its values from them (formValuesOf).

/** The PJP form's values (lib/operations/pjps.ts pjpCreateSchema); ids as strings. */
export type PjpFormValues = {
  name: string;
  location: string;
  user_id: string;
  date: string;
  description: string;
  is_active: number;
  is_outlet_visited: number;
  pjp_outlets: { outlet_id: string }[];
};

export const EMPTY_PJP: PjpFormValues = {
  name: "",
  location: "",
  user_id: "",
  date: "",
  description: "",
  is_active: 1,
  is_outlet_visited: 0,
  pjp_outlets: [{ outlet_id: "" }],
};
