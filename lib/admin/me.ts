import "server-only";
import { and, eq, isNull, or, inArray } from "drizzle-orm";
import { companies, userCompanies, users } from "@/db/schema";
import type { Ctx } from "@/lib/platform/context";
import { getDb } from "@/lib/platform/db";
import { ROLE } from "@/lib/platform/permissions";

/** GET /me: the signed-in user as the clients expect it (roles with names, position, companies). */
export async function getMe(ctx: Ctx) {
  const db = await getDb();
  const [u] = await db
    .select({
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
    })
    .from(users)
    .where(eq(users.id, ctx.userId));
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
