// The form's values, outside the client form: the edit page (server) derives its values from them (formValuesOf).

/** The outlet user form's fields (lib/operations/outlet-users.ts); outlet_id is the list's outlet, not shown. */
export type OutletUserFormValues = {
  outlet_id?: number;
  user_id: string;
  start_date: string;
  end_date: string;
  is_active: number;
};

export const EMPTY_OUTLET_USER: OutletUserFormValues = {
  user_id: "",
  start_date: "",
  end_date: "",
  is_active: 1,
};
