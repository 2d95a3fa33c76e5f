// The side-drawer menu of spec 000 §6, as data. Plain module: the layout computes it on the server and passes it
// (serialisable) to the client shell. Hiding an entry is UX only; pages and actions check permissions themselves.
import { POSITION, ROLE, isVisibleTo, type Visibility } from "@/lib/platform/permissions";

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
  | "api";

export type MenuItem = {
  label: string;
  /** Link target; absent on a group that only holds children. */
  href?: string;
  /** Visibility rule names (role or position names); empty means everyone. */
  names: string[];
  icon?: MenuIcon;
  children?: MenuItem[];
};

export type MenuLinks = {
  /** The signed-in user's own profile (/profile/{own opaque id}). */
  profileHref?: string | null;
  /** A FRANCHISEE ADMIN's own franchisee (/franchisees/{own franchisee opaque id}). */
  franchiseeHref?: string | null;
};

const ADMINS = [ROLE.ADMIN, ROLE.SUPER_ADMIN];
const MF = [ROLE.MASTER_FRANCHISEE, POSITION.MASTER_FRANCHISEE];
const FA = [ROLE.FRANCHISEE_ADMIN, POSITION.FRANCHISEE_ADMIN];

const HOME: MenuItem = { label: "Home", href: "/home", names: [], icon: "home" };
const COMPANY: MenuItem = { label: "Company", href: "/companies", names: ADMINS, icon: "company" };

/** The whole menu; each role sees the entries whose names it matches. */
function fullMenu(links: MenuLinks): MenuItem[] {
  return [
    HOME,
    COMPANY,
    { label: "Users", href: "/users", names: ADMINS, icon: "users" },
    ...(links.franchiseeHref
      ? [
          {
            label: "Franchisee Details",
            href: links.franchiseeHref,
            names: FA,
            icon: "details",
          } satisfies MenuItem,
        ]
      : []),
    { label: "KYC Document", href: "/franchisee-kyc-documents", names: FA, icon: "kyc" },
    { label: "Staff", href: "/franchisee-staffs", names: FA, icon: "staff" },
    { label: "Leave Requests", href: "/leave-requests", names: FA, icon: "leave" },
    { label: "Plans", href: "/plans", names: ADMINS, icon: "plans" },
    { label: "Interest Service", href: "/user-service-interests", names: ADMINS, icon: "interest" },
    { label: "Monthly Job Requests", href: "/user-monthly-job-requests", names: [...MF, ...FA], icon: "job" },
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
      href: "/customer-walk-requests",
      names: [...ADMINS, ...FA],
      icon: "walk",
    },
    { label: "Blogs", href: "/blogs", names: ADMINS, icon: "blog" },
    { label: "Master Franchisee", href: "/master-franchisees", names: ADMINS, icon: "master-franchisee" },
    { label: "Franchisee", href: "/franchisees", names: [...ADMINS, ...MF], icon: "franchisee" },
    // Listed twice so each role sees §6's order; a user matching both sees it once (first wins).
    { label: "Staff", href: "/franchisee-staffs", names: MF, icon: "staff" },
    {
      label: "Settings",
      names: ADMINS,
      icon: "settings",
      children: [
        { label: "Banners", href: "/banners", names: ADMINS },
        { label: "Modules", href: "/modules", names: ADMINS },
        { label: "Permissions", href: "/permissions", names: ADMINS },
        { label: "Master", href: "/values", names: ADMINS },
        { label: "Master Value", href: "/value-lists", names: ADMINS },
        { label: "State Holidays", href: "/state-holidays", names: ADMINS },
        { label: "State GSTs", href: "/state-gsts", names: ADMINS },
        { label: "Positions", href: "/positions", names: ADMINS },
        ...(links.profileHref ? [{ label: "My Profile", href: links.profileHref, names: ADMINS }] : []),
      ],
    },
    { label: "User Timestamps", href: "/user-timestamps", names: ADMINS, icon: "timestamps" },
    // Not in §6: the /api reference for the mobile apps' developers (the page itself admits any signed-in user).
    { label: "API Reference", href: "/api-reference", names: ADMINS, icon: "api" },
  ];
}

function filter(items: MenuItem[], v: Visibility, seen = new Set<string>()): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (item.names.length > 0 && !isVisibleTo(v, item.names)) continue;
    if (item.href) {
      if (seen.has(item.href)) continue;
      seen.add(item.href);
    }
    if (item.children) {
      const children = filter(item.children, v, seen);
      if (children.length === 0) continue;
      out.push({ ...item, children });
    } else out.push(item);
  }
  return out;
}

/**
 * The menu a user sees (spec 000 §6): the visibility rule applied to every entry. Everyone sees Home; a SUPER ADMIN
 * with no company chosen sees only Home and the Companies list; a BACKEND ADMIN sees Home only until it chooses a
 * company, then acts as an ADMIN of it and sees the ADMIN menu (not the franchisee roles' own entries, which the bare
 * rule would also let through).
 */
export function menuFor(v: Visibility, links: MenuLinks = {}): MenuItem[] {
  if (v.roleName === ROLE.SUPER_ADMIN && v.companyId == null) return [HOME, COMPANY];
  if (v.roleName === ROLE.BACKEND_ADMIN && v.companyId == null) return [HOME];
  const who: Visibility =
    v.roleName === ROLE.BACKEND_ADMIN
      ? { roleName: ROLE.ADMIN, positionName: v.positionName, companyId: v.companyId }
      : v;
  return filter(fullMenu(links), who);
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
