import "server-only";
// The side-drawer menu of spec 000 §6, as data. The layout computes it on the server and passes it (plain,
// serialisable MenuItem objects) to the client shell, which imports only the types. Hiding an entry is UX only;
// pages and actions check permissions themselves.
import { can, type Ctx } from "@/lib/platform/context";
import { POSITION, ROLE, isVisibleTo, type Permission, type Visibility } from "@/lib/platform/permissions";
import { INBOX_PERMISSIONS } from "@/lib/approvals/inbox";
import { registered, registry } from "@/lib/registry";
import type { ShellCount } from "./counts";

/** Icon keys the drawer maps to lucide icons (strings, so the menu crosses the server/client boundary). */
export type MenuIcon =
  | "home"
  | "company"
  | "users"
  | "plans"
  | "interest"
  | "career"
  | "walk"
  | "blog"
  | "master-franchisee"
  | "franchisee"
  | "settings"
  | "timestamps"
  | "job"
  | "details"
  | "kyc"
  | "staff"
  | "leave"
  | "calendar"
  | "api"
  | "operations"
  | "inbox";

export type MenuItem = {
  label: string;
  /** Link target; absent on a group that only holds children. */
  href?: string;
  /** Visibility rule names (role or position names); empty means everyone. */
  names: string[];
  icon?: MenuIcon;
  /** A count shown beside the label (the inbox's pending items); a promise when the layout streams it in. */
  count?: ShellCount;
  children?: MenuItem[];
};

/**
 * An entry as declared below: a link of its own, or `entity` — a registered entity whose list route (`href`) and
 * list permission the registry gives. A link of its own is checked too: against `permission` (any of them) when
 * declared, else the list permission of the registered entity whose list route it is; `permission: null` marks a
 * page every caller the names admit may open (their own profile, the API reference). Resolved per caller.
 */
type Entry = Omit<MenuItem, "href" | "children"> & {
  href?: string;
  entity?: string;
  permission?: Permission | readonly Permission[] | null;
  children?: Entry[];
};

export type MenuLinks = {
  /** The signed-in user's own profile (/profile/{own opaque id}). */
  profileHref?: string | null;
  /** A FRANCHISEE ADMIN's own franchisee (/franchisees/{own franchisee opaque id}). */
  franchiseeHref?: string | null;
  /** The caller's pending approvals (the Approvals entry's count), or its promise (streamed after the shell). */
  approvalsCount?: ShellCount;
};

const ADMINS = [ROLE.ADMIN, ROLE.SUPER_ADMIN];
const MF = [ROLE.MASTER_FRANCHISEE, POSITION.MASTER_FRANCHISEE];
const FA = [ROLE.FRANCHISEE_ADMIN, POSITION.FRANCHISEE_ADMIN];

const HOME: Entry = { label: "Home", href: "/home", names: [], icon: "home" };
const COMPANY: Entry = { label: "Company", entity: "companies", names: ADMINS, icon: "company" };

/** The whole menu; each role sees the entries whose names it matches. */
function fullMenu(links: MenuLinks): Entry[] {
  return [
    HOME,
    // Issue 25: every pending item the caller may decide, across the ten workflow kinds (the drawer shows its count).
    {
      label: "Approvals",
      href: "/approvals",
      names: [],
      permission: INBOX_PERMISSIONS,
      icon: "inbox",
      ...(links.approvalsCount ? { count: links.approvalsCount } : {}),
    },
    COMPANY,
    { label: "Users", entity: "users", names: ADMINS, icon: "users" },
    ...(links.franchiseeHref
      ? [
          {
            label: "Franchisee Details",
            href: links.franchiseeHref,
            names: FA,
            permission: "franchisees.view",
            icon: "details",
          } satisfies Entry,
        ]
      : []),
    { label: "KYC Document", href: "/franchisee-kyc-documents", names: FA, icon: "kyc" },
    { label: "Staff", href: "/franchisee-staffs", names: FA, permission: "users.list", icon: "staff" },
    { label: "Leave Requests", entity: "leave_requests", names: FA, icon: "leave" },
    { label: "Plans", entity: "plans", names: ADMINS, icon: "plans" },
    { label: "Interest Service", entity: "user_service_interests", names: ADMINS, icon: "interest" },
    {
      label: "Monthly Job Requests",
      entity: "user_monthly_job_requests",
      names: [...MF, ...FA],
      icon: "job",
    },
    // Not in §6's menu (issue 11): the franchisee admin's daily plans and the calendar of walks.
    { label: "Daily Job Plans", entity: "daily_job_plans", names: FA, icon: "walk" },
    {
      label: "Calendar",
      href: "/walk-calendar",
      names: FA,
      permission: "daily_job_plans.list",
      icon: "calendar",
    },
    {
      label: "Career Requests",
      names: [...ADMINS, ...MF],
      icon: "career",
      children: [
        { label: "Walkie", href: "/pet-walkie-career-requests", names: ADMINS },
        { label: "Trainer", href: "/pet-trainer-career-requests", names: ADMINS },
        { label: "Daycare", href: "/daycare-career-requests", names: ADMINS },
        { label: "Franchisee", href: "/franchisee-career-requests", names: [...ADMINS, ...MF] },
      ],
    },
    {
      label: "Customer Walk Requests",
      entity: "customer_walk_requests",
      names: [...ADMINS, ...FA],
      icon: "walk",
    },
    { label: "Blogs", entity: "blogs", names: ADMINS, icon: "blog" },
    { label: "Master Franchisee", entity: "master_franchisees", names: ADMINS, icon: "master-franchisee" },
    { label: "Franchisee", entity: "franchisees", names: [...ADMINS, ...MF], icon: "franchisee" },
    // Listed twice so each role sees §6's order; a user matching both sees it once (first wins).
    { label: "Staff", href: "/franchisee-staffs", names: MF, permission: "users.list", icon: "staff" },
    // Not in §6's menu: the admins review every franchisee's and staff member's documents here (a franchisee's row
    // and a staff member's row link to theirs).
    {
      label: "KYC Documents",
      names: ADMINS,
      icon: "kyc",
      children: [
        { label: "Franchisee KYC", href: "/franchisee-kyc-documents", names: ADMINS },
        { label: "Staff KYC", href: "/user-kyc-documents", names: ADMINS },
      ],
    },
    // Not in §6's menu: spec 002 gives the admins every job operations screen; grouped here (issue 11).
    {
      label: "Job Operations",
      names: ADMINS,
      icon: "job",
      children: [
        { label: "Monthly Job Requests", entity: "user_monthly_job_requests", names: ADMINS },
        { label: "Daily Job Plans", entity: "daily_job_plans", names: ADMINS },
        { label: "Leave Requests", entity: "leave_requests", names: ADMINS },
        { label: "Calendar", href: "/walk-calendar", names: ADMINS, permission: "daily_job_plans.list" },
      ],
    },
    // Not in §6's menu, though spec 001 builds these screens for the admins: grouped here rather than left unreachable.
    {
      label: "Field Operations",
      names: ADMINS,
      icon: "operations",
      children: [
        { label: "Services", entity: "services", names: ADMINS },
        { label: "Outlets", entity: "outlets", names: ADMINS },
        { label: "PJPs", entity: "pjps", names: ADMINS },
        { label: "PJP References", entity: "pjp_references", names: ADMINS },
      ],
    },
    {
      label: "Settings",
      names: ADMINS,
      icon: "settings",
      children: [
        { label: "Banners", entity: "banners", names: ADMINS },
        { label: "Modules", entity: "modules", names: ADMINS },
        { label: "Permissions", entity: "permissions", names: ADMINS },
        { label: "Master", entity: "values", names: ADMINS },
        // The value lists screen (/value-lists) edits the rows of the masters.
        { label: "Master Value", href: "/value-lists", names: ADMINS, permission: "value_lists.list" },
        { label: "State Holidays", entity: "state_holidays", names: ADMINS },
        { label: "State GSTs", entity: "state_gsts", names: ADMINS },
        { label: "KYC Document Types", href: "/kyc-document-types", names: ADMINS },
        {
          label: "Walk Request Policy",
          href: "/walk-request-policy",
          names: ADMINS,
          permission: "walk_request_policies.view",
        },
        { label: "Positions", entity: "positions", names: ADMINS },
        ...(links.profileHref
          ? [{ label: "My Profile", href: links.profileHref, names: ADMINS, permission: null }]
          : []),
      ],
    },
    // Not a registered entity (no defineEntity: lib/admin/user-timestamps.ts), so its link is written here.
    {
      label: "User Timestamps",
      href: "/user-timestamps",
      names: ADMINS,
      permission: "user_timestamps.list",
      icon: "timestamps",
    },
    // Not in §6: the /api reference for the mobile apps' developers (the page itself admits any signed-in user).
    { label: "API Reference", href: "/api-reference", names: ADMINS, permission: null, icon: "api" },
  ];
}

/**
 * An entity entry's link and the permission that shows it: the entity's list route and list permission. An entity
 * missing from the registry (or without a list route) has no entry; tests/unit/menu.test.ts keeps them all known.
 */
export function entityLink(name: string): { href: string; permission: Permission } | null {
  const def = registered(name)?.def;
  if (!def?.href || !def.ops.includes("list")) return null;
  return { href: def.href, permission: def.permission("list") };
}

let listRoutes: Map<string, Permission> | null = null;
/** The list permission of the registered entity whose list route `href` is (null when none is). */
function listPermissionOf(href: string): Permission | null {
  listRoutes ??= new Map(
    registry
      .filter((r) => r.def.href && r.def.ops.includes("list"))
      .map((r) => [r.def.href as string, r.def.permission("list") as Permission]),
  );
  return listRoutes.get(href.split("?")[0]) ?? null;
}

/** Whether the caller may open an entry's own link (see Entry). */
function mayOpen(ctx: Ctx, item: Entry, href: string): boolean {
  const p = item.permission === undefined ? listPermissionOf(href) : item.permission;
  if (p == null) return true;
  return typeof p === "string" ? can(ctx, p) : p.some((x) => can(ctx, x));
}

/** The entries `rule` (the visibility rule's names) shows and the caller's permissions allow, as plain MenuItems. */
function resolve(items: Entry[], ctx: Ctx, rule: Visibility, seen = new Set<string>()): MenuItem[] {
  const out: MenuItem[] = [];
  for (const { entity, children, permission, ...item } of items) {
    if (item.names.length > 0 && !isVisibleTo(rule, item.names)) continue;
    let href = item.href;
    if (entity) {
      const link = entityLink(entity);
      if (!link || !can(ctx, link.permission)) continue;
      href = link.href;
    } else if (href && !mayOpen(ctx, { ...item, permission }, href)) continue;
    if (href) {
      if (seen.has(href)) continue;
      seen.add(href);
    }
    const shown = children ? resolve(children, ctx, rule, seen) : undefined;
    if (shown?.length === 0) continue;
    out.push({ ...item, ...(href ? { href } : {}), ...(shown ? { children: shown } : {}) });
  }
  return out;
}

/**
 * The menu a user sees (spec 000 §6): the visibility rule applied to every entry, and an entity's entry only to who
 * holds its list permission (its screen would refuse anyone else). Everyone sees Home; a SUPER ADMIN
 * with no company chosen sees only Home and the Companies list; a BACKEND ADMIN sees Home only until it chooses a
 * company, then acts as an ADMIN of it and sees the ADMIN menu (not the franchisee roles' own entries, which the bare
 * rule would also let through).
 */
export function menuFor(ctx: Ctx, links: MenuLinks = {}): MenuItem[] {
  if (ctx.roleName === ROLE.SUPER_ADMIN && ctx.companyId == null) return resolve([HOME, COMPANY], ctx, ctx);
  if (ctx.roleName === ROLE.BACKEND_ADMIN && ctx.companyId == null) return resolve([HOME], ctx, ctx);
  const rule: Visibility =
    ctx.roleName === ROLE.BACKEND_ADMIN
      ? { roleName: ROLE.ADMIN, positionName: ctx.positionName, companyId: ctx.companyId }
      : ctx;
  return resolve(fullMenu(links), ctx, rule);
}

/** Every link of a menu, groups flattened (for the home page cards and tests). */
export function menuLinks(items: MenuItem[]): { label: string; href: string; group?: string }[] {
  const out: { label: string; href: string; group?: string }[] = [];
  for (const item of items) {
    if (item.href) out.push({ label: item.label, href: item.href });
    for (const c of item.children ?? [])
      if (c.href) out.push({ label: c.label, href: c.href, group: item.label });
  }
  return out;
}
