// The form's values, outside the client form: the edit page (server) derives its values from them (formValuesOf).

/** The fields of the permission schema (lib/admin/permission-records.ts), as the form holds them. */
export type PermissionFormValues = { module_id: string; permission_name: string; is_active: number };
export const EMPTY_PERMISSION: PermissionFormValues = { module_id: "", permission_name: "", is_active: 1 };
