// The walkie request form's values, outside the client form: the create page (server) reads them.

/** The walker application's fields (lib/franchise/pet-walkie-career-requests.ts) as the form holds them. */
export type WalkieRequestFormValues = {
  user_name: string;
  age: string;
  phone_no: string;
  whatsapp_no: string;
  area: string;
  pin_code: string;
  preferred_timeslot: string;
  is_experienced: number;
  has_internet_access: number;
};

export const EMPTY_WALKIE_REQUEST: WalkieRequestFormValues = {
  user_name: "",
  age: "",
  phone_no: "",
  whatsapp_no: "",
  area: "",
  pin_code: "",
  preferred_timeslot: "",
  is_experienced: 0,
  has_internet_access: 0,
};
