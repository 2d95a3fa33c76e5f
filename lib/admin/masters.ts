import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { franchisees, positions } from "@/db/schema";
import { requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { invalid } from "@/lib/platform/errors";
import { ROLE } from "@/lib/platform/permissions";

export type Option = { id: number; name: string };
export type UserMasters = { positions: Option[]; franchisees: Option[] };

/**
 * context=user: the pickers of the user form and list filters — live, active positions and franchisees of the
 * acting company. A FRANCHISEE ADMIN only ever sees their own franchisee (they cannot pick another one anyway).
 * The client also sends franchise_kyc=1 and franchisee_status=1 on create; franchisee KYC and approval arrive
 * with the franchise issue, so these are accepted and ignored for now.
 */
export async function userMasters(ctx: Ctx): Promise<UserMasters> {
  const companyId = requireCompany(ctx);
  const db = await getDb();
  const pos = await db
    .select({ id: positions.id, name: positions.name })
    .from(positions)
    .where(and(eq(positions.company_id, companyId), isNull(positions.deleted_at), eq(positions.is_active, 1)))
    .orderBy(asc(positions.name), asc(positions.id));
  const own = ctx.roleName === ROLE.FRANCHISEE_ADMIN ? (ctx.franchiseeId ?? -1) : null;
  const fr = await db
    .select({ id: franchisees.id, name: franchisees.name })
    .from(franchisees)
    .where(
      and(
        eq(franchisees.company_id, companyId),
        isNull(franchisees.deleted_at),
        eq(franchisees.is_active, 1),
        own != null ? eq(franchisees.id, own) : undefined,
      ),
    )
    .orderBy(asc(franchisees.name), asc(franchisees.id));
  return { positions: pos, franchisees: fr };
}

/** One loader per `context` of GET masters; later areas add theirs (services, plans, state_holidays, ...). */
const CONTEXTS: Record<string, (ctx: Ctx, query: URLSearchParams) => Promise<unknown>> = {
  user: (ctx) => userMasters(ctx),
};

/** GET masters?context=...: the lookup lists a screen needs. Any signed-in user of the company; unknown context → 422. */
export async function getMasters(ctx: Ctx, query: URLSearchParams): Promise<unknown> {
  requireCompany(ctx);
  const name = query.get("context") ?? "";
  const load = Object.hasOwn(CONTEXTS, name) ? CONTEXTS[name] : undefined;
  if (!load) throw invalid({ context: "The selected context is invalid." });
  return load(ctx, query);
}
