import "server-only";
import { z } from "zod";
import { describedOption, FORM_OPS, masterOption, type MastersContexts } from "@/lib/platform/masters";
import { serviceMasters } from "./services";
import { stateOptions } from "./states";
import { valueListMasters } from "./value-lists";

/** Field operations' and master data's lookups (GET masters; composed in lib/registry.ts). */
export const operationsMasters: MastersContexts = {
  // The value-list screens' master dropdown: live, active values of the acting company.
  value_list: {
    entity: "value_lists",
    ops: FORM_OPS,
    load: (ctx) => valueListMasters(ctx),
    output: z.object({ values: z.array(masterOption) }),
  },
  // The service form's type picker: live, active rows of the company's "SERVICE TYPES" master.
  services: {
    entity: "services",
    ops: FORM_OPS,
    load: (ctx) => serviceMasters(ctx),
    output: z.object({ service_types: z.array(describedOption) }),
  },
  // The holiday form's and list's state picker: live, active states (global), by name.
  state_holidays: {
    entity: "state_holidays",
    ops: FORM_OPS,
    load: async () => ({ states: await stateOptions() }),
    output: z.object({ states: z.array(describedOption) }),
  },
  // The GST form's and list's state picker.
  state_gsts: {
    entity: "state_gsts",
    ops: FORM_OPS,
    load: async () => ({ states: await stateOptions() }),
    output: z.object({ states: z.array(describedOption) }),
  },
};
