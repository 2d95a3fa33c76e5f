// The form's values, outside the client form: the edit page (server) derives its values from them (formValuesOf).

/** One row of a master (lib/operations/value-lists.ts): its master, description and code; Is Active on edit. */
export type ValueListFormValues = { value_id: string; description: string; code: string; is_active: number };

export const EMPTY_VALUE_LIST: ValueListFormValues = {
  value_id: "",
  description: "",
  code: "",
  is_active: 1,
};
