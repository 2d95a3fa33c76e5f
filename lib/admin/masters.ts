import "server-only";
import { cache } from "react";
import { z } from "zod";
import { and, asc, eq, isNull } from "drizzle-orm";
import { franchisees, positions } from "@/db/schema";
import { requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { FORM_OPS, masterOption, type MastersContexts } from "@/lib/platform/masters";
import { franchiseesInScope } from "@/lib/franchise/franchisees";
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

/** Administration's lookups (GET masters; composed with the other areas' in lib/registry.ts). */
export const adminMasters: MastersContexts = {
  // The user and staff forms (create, edit, view) and the users list's filters.
  user: {
    entity: "users",
    ops: FORM_OPS,
    load: (ctx) => userMasters(ctx),
    output: z.object({ positions: z.array(masterOption), franchisees: z.array(masterOption) }),
  },
};
