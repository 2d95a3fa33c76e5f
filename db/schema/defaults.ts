/** Company colour-code defaults (spec 000 §3); a plain module so client forms can import it. */
export const DEFAULT_FRANCHISEE_COLOR = "#1C462BFF";
export const DEFAULT_STAFF_COLOR = "#000000";
