import "server-only";
import { eq, sql } from "drizzle-orm";
import {
  apiTokens,
  companies,
  franchisees,
  masterFranchisees,
  masterFranchiseeZones,
  permissions,
  positionPermissions,
  positions,
  rateLimits,
  rolePermissions,
  roles,
  userCompanies,
  users,
} from "@/db/schema";
import { executePrepared, getDb, rowsOf } from "./db";
import { asPlatform, bindRequest } from "./rls";
import { AppError, forbidden, unauthenticated } from "./errors";
import { noteCaller } from "./logger.mjs";
import { TooManyRequests } from "./rate-limit";
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
  /**
   * A MASTER FRANCHISEE's zones in the acting company (their master_franchisees record's zones; empty when they
   * have none); null for every other caller. networkScope / zoneFilter narrow the franchise screens to them.
   */
  zoneIds: number[] | null;
  /** True when a BACKEND ADMIN or SUPER ADMIN acts for a company they chose. */
  actingAsAdmin: boolean;
  via: "session" | "token";
  /** What the call came with: `s:<session id>` or `t:<token key>`; export links are bound to it. */
  binding?: string;
};

export type ResolveOptions = {
  /** The user, for a browser session (or a test); a bearer call names its `token` instead. */
  userId?: number;
  via: Ctx["via"];
  binding?: string;
  /** The session version carried by a browser session; a mismatch means the session was ended. */
  sessionVersion?: number;
  /** The company asked for: the chosen company (cookie) or the company-id header. */
  requestedCompanyId?: number | null;
  /** Header requests answer 403 for a company the user may not act for; a stale cookie just falls back. */
  strictCompany?: boolean;
};

/** A bearer token's hash and the budget its calls count against (see lib/platform/api-tokens.ts, rate-limit.ts). */
export type TokenCheck = { hash: string; limitKey: string; budget: { points: number; seconds: number } };

type CallerRow = {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  user_name: string | null;
  company_id: number | null;
  franchisee_id: number | null;
  role_id: number;
  role_name: string;
  role_live: boolean;
  position_name: string | null;
  session_version: number;
  is_active: number;
  req_allowed: boolean;
  chosen: number | null;
  company_name: string | null;
  franchisee_ok: boolean;
  zone_ids: number[] | string | null;
  perms: [name: string, byRole: boolean][] | string;
  rl_points: number | null;
  rl_left: number | null;
};

/**
 * The caller in one statement: (the bearer token, its rate-limit hit,) the user with role and position, whether
 * the requested company is theirs to act for, the acting company's name, the franchisee check and the
 * permissions. One round trip per request, whatever the caller; nothing is cached, so a logout, a password change
 * or a deactivation takes effect on the very next request.
 */
async function loadCaller(o: { userId?: number; token?: TokenCheck; requestedCompanyId?: number | null }) {
  const db = await getDb();
  const req = o.requestedCompanyId ?? null;
  const t = o.token;
  const head = t
    ? sql`with tok as (
        select ${apiTokens.user_id} as user_id from ${apiTokens}
        where ${apiTokens.token_hash} = ${t.hash} and ${apiTokens.revoked_at} is null and ${apiTokens.expires_at} > now()
        limit 1
      ), hit as (
        insert into ${rateLimits} (key, points, expires_at)
        select ${t.limitKey.slice(0, 200)}, 1, now() + make_interval(secs => ${t.budget.seconds}) where exists (select 1 from tok)
        on conflict (key) do update set
          points = case when ${rateLimits}.expires_at <= now() then 1 else ${rateLimits}.points + 1 end,
          expires_at = case when ${rateLimits}.expires_at <= now() then excluded.expires_at else ${rateLimits}.expires_at end
        returning points, ceil(extract(epoch from expires_at - now()))::int as left_s
      ) `
    : sql``;
  const who = t ? sql`(select user_id from tok)` : sql`${o.userId ?? -1}::int`;
  const hitCols = t
    ? sql`(select points from hit) as rl_points, (select left_s from hit) as rl_left`
    : sql`null::int as rl_points, null::int as rl_left`;
  const result = await executePrepared(
    db,
    sql`${head}
    select u.id, u.email, u.first_name, u.last_name, u.user_name, u.company_id, u.franchisee_id, u.role_id,
      u.session_version, u.is_active, r.name as role_name,
      (r.is_active = 1 and r.deleted_at is null) as role_live,
      p.name as position_name,
      a.req_allowed, c.chosen, co.name as company_name,
      exists (select 1 from ${franchisees} f where f.id = u.franchisee_id and f.company_id = c.chosen) as franchisee_ok,
      case when r.name = ${ROLE.MASTER_FRANCHISEE} or p.name = ${ROLE.MASTER_FRANCHISEE} then coalesce((
        select json_agg(mz.zone_id) from ${masterFranchiseeZones} mz
        join ${masterFranchisees} mf on mf.id = mz.master_franchisee_id
        where mf.user_id = u.id and mf.company_id = c.chosen and mf.deleted_at is null and mf.is_active = 1
      ), '[]'::json) end as zone_ids,
      coalesce((
        select json_agg(json_build_array(pm.permission_name, pm.id in (select rp.permission_id from ${rolePermissions} rp where rp.role_id = u.role_id)))
        from ${permissions} pm
        where pm.is_active = 1 and pm.deleted_at is null and (
          pm.id in (select rp.permission_id from ${rolePermissions} rp where rp.role_id = u.role_id)
          or pm.id in (select pp.permission_id from ${positionPermissions} pp where pp.position_id = p.id))
      ), '[]'::json) as perms,
      ${hitCols}
    from ${users} u
    join ${roles} r on r.id = u.role_id
    left join ${positions} p on p.id = u.position_id and p.deleted_at is null and p.is_active = 1
    cross join lateral (select r.name in (${ROLE.SUPER_ADMIN}, ${ROLE.BACKEND_ADMIN}) as platform) k
    cross join lateral (select ${req}::int is not null and (k.platform or u.company_id = ${req}::int or exists (
        select 1 from ${userCompanies} uc where uc.user_id = u.id and uc.company_id = ${req}::int)) as req_allowed) a
    cross join lateral (select case when a.req_allowed then ${req}::int when k.platform then null
        else coalesce(u.company_id, (select min(uc.company_id) from ${userCompanies} uc where uc.user_id = u.id)) end as chosen) c
    left join ${companies} co on co.id = c.chosen and co.deleted_at is null
    where u.id = ${who} and u.deleted_at is null
    limit 1`,
  );
  const [row] = rowsOf<CallerRow>(result);
  return row;
}

/** Builds the caller's context from the database, refusing inactive, deleted or ended sessions. */
export async function resolveContext(o: ResolveOptions & { token?: TokenCheck }): Promise<Ctx> {
  // The caller's own row is read as platform work: no company is known yet (row-level security,
  // lib/platform/rls.ts). Once known, the caller binds the /api request this runs in.
  const row = await asPlatform("resolve the caller", () => loadCaller(o));
  if (!row) throw unauthenticated();
  if (row.rl_points != null && row.rl_points > (o.token?.budget.points ?? Infinity))
    throw new TooManyRequests(Math.max(1, row.rl_left ?? 1));
  if (row.is_active !== 1) throw unauthenticated();
  if (o.sessionVersion !== undefined && o.sessionVersion !== row.session_version) throw unauthenticated();

  const roleName = row.role_name;
  const isPlatformAdmin = roleName === ROLE.SUPER_ADMIN || roleName === ROLE.BACKEND_ADMIN;
  if (o.requestedCompanyId != null && !row.req_allowed && o.strictCompany) throw forbidden();

  let companyId: number | null = row.chosen;
  const companyName: string | null = row.company_name;
  if (companyId != null && companyName == null) {
    // The company chosen is deleted.
    if (o.strictCompany) throw forbidden();
    companyId = null;
  }

  // A position (edited by a company's admin) never grants a platform-wide permission; only a role does.
  const perms = typeof row.perms === "string" ? (JSON.parse(row.perms) as CallerRow["perms"]) : row.perms;
  const granted = row.role_live
    ? (perms as [string, boolean][])
        .filter(([name, byRole]) => byRole || !PLATFORM_ONLY.has(name))
        .map(([n]) => n)
    : [];

  // The request's access-log line names its caller (lib/platform/logger.mjs).
  noteCaller(row.id, companyId);
  const ctx: Ctx = {
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
    franchiseeId:
      row.franchisee_id != null && companyId != null && row.franchisee_ok ? row.franchisee_id : null,
    zoneIds:
      row.zone_ids == null
        ? null
        : ((typeof row.zone_ids === "string" ? JSON.parse(row.zone_ids) : row.zone_ids) as number[]),
    actingAsAdmin: isPlatformAdmin && companyId != null,
    via: o.via,
    binding: o.binding,
  };
  bindRequest(ctx);
  return ctx;
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
  return asPlatform("a user's companies", () => memberCompanyIdsOf(userId));
}

async function memberCompanyIdsOf(userId: number): Promise<number[]> {
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
