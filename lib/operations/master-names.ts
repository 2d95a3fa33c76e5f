/** The master value whose rows are the service types (masters?context=services answers them as service_types). */
export const SERVICE_TYPES_VALUE = "SERVICE TYPES";
