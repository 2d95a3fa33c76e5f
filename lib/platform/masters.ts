import "server-only";
import { z } from "zod";
import { can, requireCompany, type Ctx } from "./context";
import type { AnyEntity, Op } from "./entity";
import { forbidden, invalid } from "./errors";
import type { Permission } from "./permissions";

/**
 * One `context` of GET masters: the entity whose screens use it and the operations of those screens (the caller
 * needs one of their permissions), its loader and its answer's schema. Each area declares its own contexts
 * (lib/admin/masters.ts, lib/operations/masters.ts, lib/franchise/masters.ts, lib/jobs/masters.ts); the registry
 * composes them (lib/registry.ts), so no area reaches into another for its lookups.
 */
export type MastersContext = {
  entity: string;
  ops: readonly Op[];
  load: (ctx: Ctx, query: URLSearchParams) => Promise<unknown>;
  output: z.ZodType;
};
export type MastersContexts = Record<string, MastersContext>;

/** The screens' usual operations: a list with its filters, and the form. */
export const FORM_OPS: readonly Op[] = ["list", "view", "create", "update"];

/** The option and described-option shapes most contexts answer. */
export const masterOption = z.object({ id: z.number(), name: z.string() });
export const describedOption = z.object({ id: z.number(), description: z.string() });

/**
 * GET masters over the composed contexts: `defOf` names each context's entity declaration (the registry), whose
 * permissions open it.
 */
export function mastersOf(contexts: MastersContexts, defOf: (entity: string) => AnyEntity | undefined) {
  /** The permissions that open a context: those of its entity's screens, any one of them. */
  const permissionsOf = (c: MastersContext): Permission[] => {
    const def = defOf(c.entity);
    if (!def) throw new Error(`masters: ${c.entity} is not in the registry`);
    return c.ops.filter((op) => def.ops.includes(op)).map((op) => def.permission(op));
  };
  const names = Object.keys(contexts) as [string, ...string[]];
  return {
    /** Every context's name (the generated isolation test runs each, for every role). */
    names: names as readonly string[],
    /** Every permission some context accepts (the route's variants: holding none of them answers 403 everywhere). */
    permissions: [...new Set(Object.values(contexts).flatMap(permissionsOf))] as readonly Permission[],
    /** The query GET masters reads, for the route's documentation. */
    query: z.object({
      context: z.enum(names).describe("Which lookup lists: the screen asking."),
      franchise_kyc: z.string().optional().describe("Accepted and ignored for now (context=user)."),
      franchisee_status: z.string().optional().describe("Accepted and ignored for now (context=user)."),
      franchisee_id: z.string().optional().describe("context=user_monthly_job_requests: its walkers."),
      user_id: z.string().optional().describe("context=user_monthly_job_requests: their pets, addresses."),
      search: z.string().optional().describe("context=user_monthly_job_requests: narrows the customers."),
      customers_after: z
        .string()
        .optional()
        .describe(
          "context=user_monthly_job_requests: the next page of customers (the answer's customers_next).",
        ),
    }),
    output: z.object({
      data: z.union(Object.values(contexts).map((c) => c.output) as [z.ZodType, ...z.ZodType[]]),
    }),
    /**
     * GET masters?context=...: the lookup lists a screen needs, for a caller holding one of that screen's permissions
     * (403 otherwise) in the acting company; an unknown context answers 422.
     */
    async get(ctx: Ctx, query: URLSearchParams): Promise<unknown> {
      const name = query.get("context") ?? "";
      const c = Object.hasOwn(contexts, name) ? contexts[name] : undefined;
      if (!c) throw invalid({ context: "The selected context is invalid." });
      if (!permissionsOf(c).some((p) => can(ctx, p))) throw forbidden();
      requireCompany(ctx);
      return c.load(ctx, query);
    },
  };
}
