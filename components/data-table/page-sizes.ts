/** Page sizes of every list and the ALL value sent as rowsPerPage (spec 000 §9), from lib/list-limits.ts. */
export { ALL_ROWS as ALL_ROWS_VALUE, PAGE_SIZES as PAGE_SIZE_OPTIONS } from "@/lib/list-limits";
