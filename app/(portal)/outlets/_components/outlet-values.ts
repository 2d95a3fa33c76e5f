// The form's values, outside the client form: the edit page (server) derives its values from them (formValuesOf).

/** The outlet form's fields (lib/operations/outlets.ts); the earlier client's role_id 3 goes with a create. */
export type OutletFormValues = { name: string; brand: string; is_active: number; role_id?: number };
export const EMPTY_OUTLET: OutletFormValues = { name: "", brand: "", is_active: 1, role_id: 3 };
