// The form's values, outside the client form: the edit page (server) derives its values from them (formValuesOf).

/** The franchisee schema's fields (lib/franchise/franchisees.ts) as the form holds them: texts, blank for none. */
export type FranchiseeFormValues = {
  name: string;
  email: string;
  phone: string;
  address: string;
  description: string;
  latitude: string;
  longitude: string;
  zone_id: string;
  start_time: string;
  end_time: string;
  /** Never typed: holds the server's working-hours error (spec 002 §5 names the field working_hours). */
  working_hours: string;
  is_active: number;
  /** Create from a franchisee career request: its opaque id ("" when none). */
  career_request_id: string;
  /** The approver's fields (edit, ADMIN and SUPER ADMIN). */
  is_kyc_valid: number;
  status: string;
  rejection_reason: string;
};

export const EMPTY_FRANCHISEE: FranchiseeFormValues = {
  name: "",
  email: "",
  phone: "",
  address: "",
  description: "",
  latitude: "",
  longitude: "",
  zone_id: "",
  start_time: "",
  end_time: "",
  working_hours: "",
  is_active: 1,
  career_request_id: "",
  is_kyc_valid: 0,
  status: "0",
  rejection_reason: "",
};
