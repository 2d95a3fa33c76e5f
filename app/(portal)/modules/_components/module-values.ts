// The form's values, outside the client form: the edit page (server) derives its values from them (formValuesOf).

/** The fields of the module schema (lib/admin/modules.ts), as the form holds them. */
export type ModuleFormValues = { name: string; is_active: number };
export const EMPTY_MODULE: ModuleFormValues = { name: "", is_active: 1 };
