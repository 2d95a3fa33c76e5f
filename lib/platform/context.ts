import "server-only";
import { and, eq, isNull, sql } from "drizzle-orm";
import {
  companies,
  franchisees,
  permissions,
  positionPermissions,
  positions,
  rolePermissions,
  roles,
  userCompanies,
  users,
} from "@/db/schema";
import { getDb, rowsOf } from "./db";
import { AppError, forbidden, unauthenticated } from "./errors";
import { PLATFORM_ONLY, ROLE, type Permission } from "./permissions";

/** Who is calling and for which company: resolved once per request, passed to every domain function. */
export type Ctx = {
  userId: number;
  user: { id: number; email: string; first_name: string; last_name: string; user_name: string | null };
  roleId: number;
  roleName: string;
  positionName: string | null;
  permissions: ReadonlySet<string>;
  /** The acting company; null for a SUPER ADMIN or BACKEND ADMIN who has not chosen one. */
  companyId: number | null;
  companyName: string | null;
  /** The user's own franchisee, for roles the spec scopes to it. */
  franchiseeId: number | null;
  /** True when a BACKEND ADMIN or SUPER ADMIN acts for a company they chose. */
  actingAsAdmin: boolean;
  via: "session" | "token";
  /** What the call came with: `s:<session id>` or `t:<token key>`; export links are bound to it. */
  binding?: string;
};

export type ResolveOptions = {
  userId: number;
  via: Ctx["via"];
  binding?: string;
  /** The session version carried by a browser session; a mismatch means the session was ended. */
  sessionVersion?: number;
  /** The company asked for: the chosen company (cookie) or the company-id header. */
  requestedCompanyId?: number | null;
  /** Header requests answer 403 for a company the user may not act for; a stale cookie just falls back. */
  strictCompany?: boolean;
};

/** Builds the caller's context from the database, refusing inactive, deleted or ended sessions. */
export async function resolveContext(o: ResolveOptions): Promise<Ctx> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      first_name: users.first_name,
      last_name: users.last_name,
      user_name: users.user_name,
      company_id: users.company_id,
      franchisee_id: users.franchisee_id,
      role_id: users.role_id,
      position_id: positions.id,
      session_version: users.session_version,
      is_active: users.is_active,
      role_name: roles.name,
      // A deactivated or deleted role grants nothing (read with the user: one query less per request).
      role_live: sql<boolean>`(${roles.is_active} = 1 and ${roles.deleted_at} is null)`,
      position_name: positions.name,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.role_id))
    // Only a live, active position counts: a deleted or deactivated one grants nothing.
    .leftJoin(
      positions,
      and(eq(positions.id, users.position_id), isNull(positions.deleted_at), eq(positions.is_active, 1)),
    )
    .where(and(eq(users.id, o.userId), isNull(users.deleted_at)))
    .limit(1);
  if (!row || row.is_active !== 1) throw unauthenticated();
  if (o.sessionVersion !== undefined && o.sessionVersion !== row.session_version) throw unauthenticated();

  const roleName = row.role_name;
  const isPlatformAdmin = roleName === ROLE.SUPER_ADMIN || roleName === ROLE.BACKEND_ADMIN;

  let companyId: number | null = null;
  if (o.requestedCompanyId != null) {
    const allowed = await mayActFor(row.id, row.company_id, isPlatformAdmin, o.requestedCompanyId);
    if (allowed) companyId = o.requestedCompanyId;
    else if (o.strictCompany) throw forbidden();
  }
  if (companyId == null && !isPlatformAdmin) companyId = row.company_id ?? (await firstMembership(row.id));

  let companyName: string | null = null;
  if (companyId != null) {
    const [c] = await db
      .select({ name: companies.name })
      .from(companies)
      .where(and(eq(companies.id, companyId), isNull(companies.deleted_at)))
      .limit(1);
    if (!c) {
      if (o.strictCompany) throw forbidden();
      companyId = null;
    } else companyName = c.name;
  }

  const perms = await db.execute(sql`
    select p.permission_name,
      p.id in (select rp.permission_id from ${rolePermissions} rp where rp.role_id = ${row.role_id}) as by_role
    from ${permissions} p
    where p.is_active = 1 and p.deleted_at is null and (
      p.id in (select rp.permission_id from ${rolePermissions} rp where rp.role_id = ${row.role_id})
      or p.id in (select pp.permission_id from ${positionPermissions} pp where pp.position_id = ${row.position_id ?? -1})
    )`);
  // A position (edited by a company's admin) never grants a platform-wide permission; only a role does.
  const granted = row.role_live
    ? rowsOf<{ permission_name: string; by_role: boolean }>(perms)
        .filter((r) => r.by_role || !PLATFORM_ONLY.has(r.permission_name))
        .map((r) => r.permission_name)
    : [];

  let franchiseeId = row.franchisee_id;
  if (franchiseeId != null && companyId != null) {
    const [f] = await db
      .select({ id: franchisees.id })
      .from(franchisees)
      .where(and(eq(franchisees.id, franchiseeId), eq(franchisees.company_id, companyId)));
    if (!f) franchiseeId = null;
  }

  return {
    userId: row.id,
    user: {
      id: row.id,
      email: row.email,
      first_name: row.first_name,
      last_name: row.last_name,
      user_name: row.user_name,
    },
    roleId: row.role_id,
    roleName,
    positionName: row.position_name ?? null,
    permissions: new Set(granted),
    companyId,
    companyName,
    franchiseeId,
    actingAsAdmin: isPlatformAdmin && companyId != null,
    via: o.via,
    binding: o.binding,
  };
}

async function mayActFor(userId: number, home: number | null, platformAdmin: boolean, companyId: number) {
  // Platform admins (SUPER ADMIN, BACKEND ADMIN) may act for any company: that is what the company switch is for.
  if (platformAdmin || home === companyId) return true;
  const db = await getDb();
  const m = await db
    .select({ c: userCompanies.company_id })
    .from(userCompanies)
    .where(and(eq(userCompanies.user_id, userId), eq(userCompanies.company_id, companyId)))
    .limit(1);
  return m.length > 0;
}

/** Whether the caller is a SUPER ADMIN or BACKEND ADMIN: they act for any company they choose. */
export function isPlatformAdmin(ctx: Pick<Ctx, "roleName">): boolean {
  return ctx.roleName === ROLE.SUPER_ADMIN || ctx.roleName === ROLE.BACKEND_ADMIN;
}

/**
 * The companies a user belongs to: the home company and every membership (user_companies), live or not. A user
 * with more than one switches between them (a MASTER FRANCHISEE overseeing two companies); platform admins have
 * none of their own and choose any.
 */
export async function memberCompanyIds(userId: number): Promise<number[]> {
  const db = await getDb();
  const [home] = await db.select({ c: users.company_id }).from(users).where(eq(users.id, userId)).limit(1);
  const rows = await db
    .select({ c: userCompanies.company_id })
    .from(userCompanies)
    .where(eq(userCompanies.user_id, userId));
  const ids = new Set(rows.map((r) => r.c));
  if (home?.c != null) ids.add(home.c);
  return [...ids].sort((a, b) => a - b);
}

async function firstMembership(userId: number): Promise<number | null> {
  const db = await getDb();
  const [m] = await db
    .select({ c: userCompanies.company_id })
    .from(userCompanies)
    .where(eq(userCompanies.user_id, userId))
    .orderBy(userCompanies.company_id)
    .limit(1);
  return m?.c ?? null;
}

/** Whether the caller holds a permission. SUPER ADMIN holds all. */
export function can(ctx: Ctx, permission: Permission): boolean {
  return ctx.roleName === ROLE.SUPER_ADMIN || ctx.permissions.has(permission);
}

/** Throws 403 unless the caller holds the permission. */
export function authorize(ctx: Ctx, permission: Permission): void {
  if (!can(ctx, permission)) throw forbidden();
}

/** The acting company, or 403 when a company-owned operation is asked without one. */
export function requireCompany(ctx: Ctx): number {
  if (ctx.companyId == null) throw new AppError(403, "Choose a company first.");
  return ctx.companyId;
}
