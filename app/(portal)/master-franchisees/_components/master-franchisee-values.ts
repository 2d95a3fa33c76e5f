// The form's values, outside the client form: the edit page (server) derives its values from them (formValuesOf).

/** The master franchisee schema's fields (lib/franchise/master-franchisees.ts) as the form holds them. */
export type MasterFranchiseeFormValues = {
  user_id: string;
  /** The chosen zones' ids (value-list rows), as texts. */
  zone_ids: string[];
  is_active: number;
};

export const EMPTY_MASTER_FRANCHISEE: MasterFranchiseeFormValues = {
  user_id: "",
  zone_ids: [],
  is_active: 1,
};
