// The service form's values, outside the client form: the pages (server) read them (formValuesOf).

/** The service schema's fields (lib/operations/services.ts) as the form holds them: texts, blank for none. */
export type ServiceFormValues = {
  name: string;
  brand: string;
  service_type_id: string;
  start_time: string;
  end_time: string;
  max_distance_km: string;
  min_pet_age: string;
  max_pet_age: string;
  is_active: number;
};

export const EMPTY_SERVICE: ServiceFormValues = {
  name: "",
  brand: "",
  service_type_id: "",
  start_time: "",
  end_time: "",
  max_distance_km: "",
  min_pet_age: "",
  max_pet_age: "",
  is_active: 1,
};
