// The form's values, outside the client form: the edit page (server) derives its values from them (formValuesOf).

/**
 * The GST schema's fields (lib/operations/state-gsts.ts) as the form holds them. gst_date, description and
 * is_recurring start as the earlier client's form did; they are sent, stored and not shown.
 */
export type StateGstFormValues = {
  state: string;
  gst: string;
  gst_date: string;
  description: string;
  is_recurring: number;
  is_active: number;
};

export const EMPTY_STATE_GST: StateGstFormValues = {
  state: "",
  gst: "",
  gst_date: "",
  description: "",
  is_recurring: 0,
  is_active: 1,
};
