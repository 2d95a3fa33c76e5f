import "server-only";
import { cache } from "react";
import { and, asc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { franchisees, positions } from "@/db/schema";
import { can, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import type { Op } from "@/lib/platform/entity";
import { forbidden, invalid } from "@/lib/platform/errors";
import type { Permission } from "@/lib/platform/permissions";
import { registered } from "@/lib/registry";
import { valueListMasters } from "@/lib/operations/value-lists";
import { serviceMasters } from "@/lib/operations/services";
import { stateOptions } from "@/lib/operations/states";
import { planMasters } from "@/lib/franchise/plans";
import { franchiseeMasters, franchiseesInScope } from "@/lib/franchise/franchisees";
import { masterFranchiseeMasters } from "@/lib/franchise/master-franchisees";
import { franchiseeCareerRequestMasters } from "@/lib/franchise/franchisee-career-requests";
import { franchiseeKycMasters } from "@/lib/franchise/franchisee-kyc-documents";
import { documentTypeOption } from "@/lib/franchise/kyc-common";
import { userKycMasters } from "@/lib/franchise/user-kyc-documents";
import { monthlyMastersOutput, monthlyRequestMasters } from "@/lib/jobs/monthly-requests";
import { isStaffPosition, staffPositionsOnly } from "./users/staff-positions";

export type Option = { id: number; name: string };
export type UserMasters = { positions: Option[]; franchisees: Option[] };

/**
 * context=user: the pickers of the user form and list filters — live, active positions and franchisees of the
 * acting company. A FRANCHISEE ADMIN only ever sees their own franchisee (they cannot pick another one anyway)
 * and only staff positions (lib/admin/users/staff-positions.ts).
 * The client also sends franchise_kyc=1 and franchisee_status=1 on create; franchisee KYC and approval arrive
 * with the franchise issue, so these are accepted and ignored for now.
 * Loaded once per request (React `cache`, keyed by the caller's context, itself one object per request): the list's
 * filters and a form on the same render share it. Outside a render (an /api call) it simply runs.
 */
export const userMasters = cache(async function userMasters(ctx: Ctx): Promise<UserMasters> {
  const db = await getDb();
  // A FRANCHISEE ADMIN sees only their own franchisee, a MASTER FRANCHISEE those of their zones.
  const [pos, fr] = await Promise.all([
    userPositions(ctx),
    db
      .select({ id: franchisees.id, name: franchisees.name })
      .from(franchisees)
      .where(franchiseesInScope(ctx))
      .orderBy(asc(franchisees.name), asc(franchisees.id)),
  ]);
  return { positions: pos, franchisees: fr };
});

/**
 * The positions of the user form and the users list's filter (a company has a few dozen): live, active, by name; a
 * FRANCHISEE ADMIN picks among staff positions only (the save refuses any other). The franchisees, which may be
 * tens of thousands, are searched on the server instead (lib/options, source "franchisees").
 */
export const userPositions = cache(async function userPositions(ctx: Ctx): Promise<Option[]> {
  const companyId = requireCompany(ctx);
  const db = await getDb();
  const pos = await db
    .select({ id: positions.id, name: positions.name })
    .from(positions)
    .where(and(eq(positions.company_id, companyId), isNull(positions.deleted_at), eq(positions.is_active, 1)))
    .orderBy(asc(positions.name), asc(positions.id));
  return staffPositionsOnly(ctx) ? pos.filter((p) => isStaffPosition(p.name)) : pos;
});

const option = z.object({ id: z.number(), name: z.string() });
const described = z.object({ id: z.number(), description: z.string() });

/**
 * One `context` of GET masters: the entity whose screens use it and the operations of those screens (the caller
 * needs one of their permissions, read from the registry), its loader and its answer's schema.
 */
type MastersContext = {
  entity: string;
  ops: readonly Op[];
  load: (ctx: Ctx, query: URLSearchParams) => Promise<unknown>;
  output: z.ZodType;
};

/** Later areas add theirs (services, plans, state_holidays, ...). */
const CONTEXTS: Record<string, MastersContext> = {
  // The user and staff forms (create, edit, view) and the users list's filters.
  user: {
    entity: "users",
    ops: ["list", "view", "create", "update"],
    load: (ctx) => userMasters(ctx),
    output: z.object({ positions: z.array(option), franchisees: z.array(option) }),
  },
  // The value-list screens' master dropdown: live, active values of the acting company.
  value_list: {
    entity: "value_lists",
    ops: ["list", "view", "create", "update"],
    load: (ctx) => valueListMasters(ctx),
    output: z.object({ values: z.array(option) }),
  },
  // The service form's type picker: live, active rows of the company's "SERVICE TYPES" master.
  services: {
    entity: "services",
    ops: ["list", "view", "create", "update"],
    load: (ctx) => serviceMasters(ctx),
    output: z.object({ service_types: z.array(described) }),
  },
  // The holiday form's and list's state picker: live, active states (global), by name.
  state_holidays: {
    entity: "state_holidays",
    ops: ["list", "view", "create", "update"],
    load: async () => ({ states: await stateOptions() }),
    output: z.object({ states: z.array(described) }),
  },
  // The GST form's and list's state picker.
  state_gsts: {
    entity: "state_gsts",
    ops: ["list", "view", "create", "update"],
    load: async () => ({ states: await stateOptions() }),
    output: z.object({ states: z.array(described) }),
  },
  // The plan form's and list's tier picker: live, active rows of the company's "PLAN TIERS" master.
  plans: {
    entity: "plans",
    ops: ["list", "view", "create", "update"],
    load: (ctx) => planMasters(ctx),
    output: z.object({ plan_tiers: z.array(described) }),
  },
  // The franchisee form's and list's zone picker: live, active rows of the company's "ZONES" master.
  franchisees: {
    entity: "franchisees",
    ops: ["list", "view", "create", "update"],
    load: (ctx) => franchiseeMasters(ctx),
    output: z.object({ zones: z.array(described) }),
  },
  // The master franchisee form: users with role or position MASTER FRANCHISEE, and the zones.
  master_franchisees: {
    entity: "master_franchisees",
    ops: ["list", "view", "create", "update"],
    load: (ctx) => masterFranchiseeMasters(ctx),
    output: z.object({
      users: z.array(z.object({ id: z.number(), user_name: z.string() })),
      zones: z.array(described),
    }),
  },
  // The franchisee career requests' zone filter and inline zone change.
  franchisee_career_requests: {
    entity: "franchisee_career_requests",
    ops: ["list", "view", "update"],
    load: (ctx) => franchiseeCareerRequestMasters(ctx),
    output: z.object({ zones: z.array(described) }),
  },
  // The franchisee KYC document form's types: live, active franchisee document types (applies_to 1).
  franchisee_kyc_documents: {
    entity: "franchisee_kyc_documents",
    ops: ["list", "view", "create", "update"],
    load: (ctx) => franchiseeKycMasters(ctx),
    output: z.object({ document_types: z.array(documentTypeOption) }),
  },
  // The staff KYC document form's types (applies_to 2).
  user_kyc_documents: {
    entity: "user_kyc_documents",
    ops: ["list", "view", "create", "update"],
    load: (ctx) => userKycMasters(ctx),
    output: z.object({ document_types: z.array(documentTypeOption) }),
  },
  // Monthly job requests (spec 002 §7; optional franchisee_id, user_id, search): customers, zones, walkers, plans...
  user_monthly_job_requests: {
    entity: "user_monthly_job_requests",
    ops: ["list", "view", "create", "update"],
    load: (ctx, query) => monthlyRequestMasters(ctx, query),
    output: monthlyMastersOutput,
  },
};

/** Every context's name (the generated isolation test runs each, for every role). */
export const MASTERS_CONTEXTS: readonly string[] = Object.keys(CONTEXTS);

/** The permissions that open a context: those of its entity's screens, any one of them. */
function contextPermissions(c: MastersContext): Permission[] {
  const def = registered(c.entity)?.def;
  if (!def) throw new Error(`masters: ${c.entity} is not in the registry`);
  return c.ops.filter((op) => def.ops.includes(op)).map((op) => def.permission(op));
}

/** Every permission some context accepts (the route's variants: holding none of them answers 403 everywhere). */
export const MASTERS_PERMISSIONS: readonly Permission[] = [
  ...new Set(Object.values(CONTEXTS).flatMap(contextPermissions)),
];

/** The query GET masters reads, and its answers, for the route's documentation. */
export const mastersQuery = z.object({
  context: z
    .enum(Object.keys(CONTEXTS) as [string, ...string[]])
    .describe("Which lookup lists: the screen asking."),
  franchise_kyc: z.string().optional().describe("Accepted and ignored for now (context=user)."),
  franchisee_status: z.string().optional().describe("Accepted and ignored for now (context=user)."),
  franchisee_id: z.string().optional().describe("context=user_monthly_job_requests: its walkers."),
  user_id: z.string().optional().describe("context=user_monthly_job_requests: their pets, addresses."),
  search: z.string().optional().describe("context=user_monthly_job_requests: narrows the customers."),
});
export const mastersOutput = z.object({
  data: z.union(Object.values(CONTEXTS).map((c) => c.output) as [z.ZodType, ...z.ZodType[]]),
});

/**
 * GET masters?context=...: the lookup lists a screen needs, for a caller holding one of that screen's permissions
 * (403 otherwise) in the acting company; an unknown context answers 422.
 */
export async function getMasters(ctx: Ctx, query: URLSearchParams): Promise<unknown> {
  const name = query.get("context") ?? "";
  const c = Object.hasOwn(CONTEXTS, name) ? CONTEXTS[name] : undefined;
  if (!c) throw invalid({ context: "The selected context is invalid." });
  if (!contextPermissions(c).some((p) => can(ctx, p))) throw forbidden();
  requireCompany(ctx);
  return c.load(ctx, query);
}
