import "server-only";
import { FORM_OPS, type MastersContexts } from "@/lib/platform/masters";
import { monthlyMastersOutput, monthlyRequestMasters } from "./monthly-requests";

/** Job operations' lookups (GET masters; composed in lib/registry.ts). */
export const jobsMasters: MastersContexts = {
  // Monthly job requests (spec 002 §7; optional franchisee_id, user_id, search): customers, zones, walkers, plans...
  user_monthly_job_requests: {
    entity: "user_monthly_job_requests",
    ops: FORM_OPS,
    load: (ctx, query) => monthlyRequestMasters(ctx, query),
    output: monthlyMastersOutput,
  },
};
