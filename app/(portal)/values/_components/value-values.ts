// The form's values, outside the client form: the edit page (server) derives its values from them (formValuesOf).

export type ValueFormValues = { name: string };
export const EMPTY_VALUE: ValueFormValues = { name: "" };
