import "server-only";
import { and, eq, isNull, or, inArray } from "drizzle-orm";
import { z } from "zod";
import { companies, userCompanies, users } from "@/db/schema";
import type { Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { ROLE } from "@/lib/platform/permissions";
import { columnSchema } from "@/lib/platform/row-schema";

/** The user's own columns GET /me answers (no secrets: never the password hash or session version). */
const meColumns = {
  id: users.id,
  first_name: users.first_name,
  middle_name: users.middle_name,
  last_name: users.last_name,
  user_name: users.user_name,
  email: users.email,
  phone: users.phone,
  company_id: users.company_id,
  franchisee_id: users.franchisee_id,
  position_id: users.position_id,
  role_id: users.role_id,
  is_active: users.is_active,
  is_kyc_verified: users.is_kyc_verified,
  image_path: users.image_path,
};

const named = z.object({ id: z.number().int(), name: z.string() });

/** What getMe answers, as the /api documents and the contract suite checks it. */
export const meSchema = z.object({
  // The columns' types follow the table (nullable where the column is).
  ...Object.fromEntries(Object.entries(meColumns).map(([k, col]) => [k, columnSchema(col)])),
  roles: z.array(named).describe("The user's role (one)."),
  position: named.extend({ id: z.number().int().nullable() }).nullable(),
  permissions: z
    .array(z.string())
    .describe("Every permission the caller holds in the acting company, sorted."),
  companies: z
    .array(z.object({ id: z.number().int(), name: z.string(), logo_path: z.string().nullable() }))
    .describe("The companies the user may act for (every live one for a SUPER ADMIN or BACKEND ADMIN)."),
  company: z
    .object({ id: z.number().int(), name: z.string().nullable() })
    .nullable()
    .describe("The acting company; null for a platform admin who has not chosen one."),
});

/** GET /me: the signed-in user as the clients expect it (roles with names, position, companies). */
export async function getMe(ctx: Ctx) {
  const db = await getDb();
  const [u] = await db.select(meColumns).from(users).where(eq(users.id, ctx.userId));
  const platformAdmin = ctx.roleName === ROLE.SUPER_ADMIN || ctx.roleName === ROLE.BACKEND_ADMIN;
  const memberOf = db
    .select({ c: userCompanies.company_id })
    .from(userCompanies)
    .where(eq(userCompanies.user_id, ctx.userId));
  const list = await db
    .select({ id: companies.id, name: companies.name, logo_path: companies.logo_path })
    .from(companies)
    .where(
      and(
        isNull(companies.deleted_at),
        platformAdmin ? undefined : or(eq(companies.id, u.company_id ?? -1), inArray(companies.id, memberOf)),
      ),
    )
    .orderBy(companies.id)
    .limit(500);
  return {
    ...u,
    roles: [{ id: ctx.roleId, name: ctx.roleName }],
    position: ctx.positionName ? { id: u.position_id, name: ctx.positionName } : null,
    permissions: [...ctx.permissions].sort(),
    companies: list,
    company: ctx.companyId != null ? { id: ctx.companyId, name: ctx.companyName } : null,
  };
}
