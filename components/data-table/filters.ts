import type { FilterDef } from "./list-toolbar";

/** The Status filter every list offers (spec 000 §9: ACTIVE = 1, INACTIVE = 0). Plain data, usable by server pages. */
export const STATUS_FILTER: FilterDef = {
  param: "is_active",
  label: "Status",
  options: [
    { value: "1", label: "ACTIVE" },
    { value: "0", label: "INACTIVE" },
  ],
};
