// The user form's values, outside the client form: the server pages start from them (formValuesOf on edit).

/** The fields of the user schema (lib/admin/users/schema.ts) as the form holds them; ids as strings. */
export type UserFormValues = {
  first_name: string;
  middle_name: string;
  last_name: string;
  email: string;
  phone: string;
  position_id: string;
  franchisee_id: string;
  employee_code: string;
  is_active: number;
};

export const EMPTY_USER: UserFormValues = {
  first_name: "",
  middle_name: "",
  last_name: "",
  email: "",
  phone: "",
  position_id: "",
  franchisee_id: "",
  employee_code: "",
  is_active: 1,
};
