import "server-only";
import { z } from "zod";
import { describedOption, FORM_OPS, type MastersContexts } from "@/lib/platform/masters";
import { franchiseeCareerRequestMasters } from "./franchisee-career-requests";
import { franchiseeKycMasters } from "./franchisee-kyc-documents";
import { franchiseeMasters } from "./franchisees";
import { documentTypeOption } from "./kyc-common";
import { masterFranchiseeMasters } from "./master-franchisees";
import { planMasters } from "./plans";
import { userKycMasters } from "./user-kyc-documents";

/** The franchise network's lookups (GET masters; composed in lib/registry.ts). */
export const franchiseMasters: MastersContexts = {
  // The plan form's and list's tier picker: live, active rows of the company's "PLAN TIERS" master.
  plans: {
    entity: "plans",
    ops: FORM_OPS,
    load: (ctx) => planMasters(ctx),
    output: z.object({ plan_tiers: z.array(describedOption) }),
  },
  // The franchisee form's and list's zone picker: live, active rows of the company's "ZONES" master.
  franchisees: {
    entity: "franchisees",
    ops: FORM_OPS,
    load: (ctx) => franchiseeMasters(ctx),
    output: z.object({ zones: z.array(describedOption) }),
  },
  // The master franchisee form: users with role or position MASTER FRANCHISEE, and the zones.
  master_franchisees: {
    entity: "master_franchisees",
    ops: FORM_OPS,
    load: (ctx) => masterFranchiseeMasters(ctx),
    output: z.object({
      users: z.array(z.object({ id: z.number(), user_name: z.string() })),
      zones: z.array(describedOption),
    }),
  },
  // The franchisee career requests' zone filter and inline zone change.
  franchisee_career_requests: {
    entity: "franchisee_career_requests",
    ops: ["list", "view", "update"],
    load: (ctx) => franchiseeCareerRequestMasters(ctx),
    output: z.object({ zones: z.array(describedOption) }),
  },
  // The franchisee KYC document form's types: live, active franchisee document types (applies_to 1).
  franchisee_kyc_documents: {
    entity: "franchisee_kyc_documents",
    ops: FORM_OPS,
    load: (ctx) => franchiseeKycMasters(ctx),
    output: z.object({ document_types: z.array(documentTypeOption) }),
  },
  // The staff KYC document form's types (applies_to 2).
  user_kyc_documents: {
    entity: "user_kyc_documents",
    ops: FORM_OPS,
    load: (ctx) => userKycMasters(ctx),
    output: z.object({ document_types: z.array(documentTypeOption) }),
  },
};
