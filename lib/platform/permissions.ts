/**
 * The permission registry: every permission the server checks, grouped by module.
 * The seed writes these rows to `modules` and `permissions`; roles and positions grant them.
 * Later areas add their modules here, so a typo in a permission name is a type error.
 */
export const PERMISSION_REGISTRY = {
  Companies: [
    "companies.list",
    "companies.view",
    "companies.create",
    "companies.update",
    "companies.delete",
    "companies.restore",
    "companies.export",
  ],
  Users: [
    "users.list",
    "users.view",
    "users.create",
    "users.update",
    "users.delete",
    "users.restore",
    "users.export",
    "users.upload",
  ],
  Positions: [
    "positions.list",
    "positions.view",
    "positions.create",
    "positions.update",
    "positions.delete",
    "positions.restore",
  ],
  Roles: ["roles.list", "roles.view", "roles.create", "roles.update", "roles.delete", "roles.export"],
  Modules: [
    "modules.list",
    "modules.view",
    "modules.create",
    "modules.update",
    "modules.delete",
    "modules.restore",
    "modules.export",
  ],
  Permissions: [
    "permissions.list",
    "permissions.view",
    "permissions.create",
    "permissions.update",
    "permissions.delete",
    "permissions.restore",
  ],
  "User Timestamps": ["user_timestamps.list", "user_timestamps.delete", "user_timestamps.export"],
  Franchisees: [
    "franchisees.list",
    "franchisees.view",
    "franchisees.create",
    "franchisees.update",
    "franchisees.delete",
  ],
  Services: [
    "services.list",
    "services.view",
    "services.create",
    "services.update",
    "services.delete",
    "services.restore",
    "services.export",
  ],
  Outlets: [
    "outlets.list",
    "outlets.view",
    "outlets.create",
    "outlets.update",
    "outlets.delete",
    "outlets.restore",
    "outlets.export",
  ],
  "Outlet Users": [
    "outlet_users.list",
    "outlet_users.view",
    "outlet_users.create",
    "outlet_users.update",
    "outlet_users.delete",
    "outlet_users.export",
  ],
  PJPs: [
    "pjps.list",
    "pjps.view",
    "pjps.create",
    "pjps.update",
    "pjps.delete",
    "pjps.restore",
    "pjps.export",
    "pjps.upload",
    "pjps.copy",
  ],
  "PJP References": [
    "pjp_references.list",
    "pjp_references.view",
    "pjp_references.create",
    "pjp_references.update",
    "pjp_references.delete",
    "pjp_references.export",
  ],
  Values: ["values.list", "values.view", "values.create", "values.update"],
  "Value Lists": [
    "value_lists.list",
    "value_lists.view",
    "value_lists.create",
    "value_lists.update",
    "value_lists.delete",
    "value_lists.upload",
  ],
  Banners: [
    "banners.list",
    "banners.view",
    "banners.create",
    "banners.update",
    "banners.delete",
    "banners.restore",
    "banners.export",
  ],
  "State Holidays": [
    "state_holidays.list",
    "state_holidays.view",
    "state_holidays.create",
    "state_holidays.update",
    "state_holidays.delete",
    "state_holidays.restore",
    "state_holidays.export",
  ],
  "State GSTs": [
    "state_gsts.list",
    "state_gsts.view",
    "state_gsts.create",
    "state_gsts.update",
    "state_gsts.delete",
    "state_gsts.restore",
    "state_gsts.export",
  ],
  Audit: ["audit.view"],
} as const satisfies Record<string, readonly string[]>;

export type Permission = (typeof PERMISSION_REGISTRY)[keyof typeof PERMISSION_REGISTRY][number];

export const ALL_PERMISSIONS: Permission[] = Object.values(PERMISSION_REGISTRY).flat() as Permission[];

export const ROLE = {
  SUPER_ADMIN: "SUPER ADMIN",
  ADMIN: "ADMIN",
  BACKEND_ADMIN: "BACKEND ADMIN",
  USER: "USER",
  MASTER_FRANCHISEE: "MASTER FRANCHISEE",
  FRANCHISEE_ADMIN: "FRANCHISEE ADMIN",
} as const;

/** Fixed role ids: the spec's clients send role_id 4 for new users and 3 for new positions. */
export const ROLE_IDS = {
  [ROLE.SUPER_ADMIN]: 1,
  [ROLE.ADMIN]: 2,
  [ROLE.BACKEND_ADMIN]: 3,
  [ROLE.USER]: 4,
  [ROLE.MASTER_FRANCHISEE]: 5,
  [ROLE.FRANCHISEE_ADMIN]: 6,
} as const;

export const POSITION = {
  CUSTOMER: "CUSTOMER",
  FRANCHISEE_STAFF: "FRANCHISEE STAFF",
  FRANCHISEE_ADMIN: "FRANCHISEE ADMIN",
  MASTER_FRANCHISEE: "MASTER FRANCHISEE",
} as const;

/**
 * Permissions that change the whole platform, not one company: companies' lifecycle, and the global roles,
 * modules and permissions every company shares. Only roles (which only a SUPER ADMIN edits) grant them; a
 * position, which a company's admin edits, never does. So one company's admin can never change what another
 * company can do.
 */
export const PLATFORM_ONLY: ReadonlySet<string> = new Set<Permission>([
  "companies.create",
  "companies.delete",
  "companies.restore",
  "roles.create",
  "roles.update",
  "roles.delete",
  "modules.create",
  "modules.update",
  "modules.delete",
  "modules.restore",
  "permissions.create",
  "permissions.update",
  "permissions.delete",
  "permissions.restore",
]);

const adminPermissions = ALL_PERMISSIONS.filter((p) => !PLATFORM_ONLY.has(p));

/** What each role grants out of the box (the seed writes it to role_permissions). SUPER ADMIN holds every permission. */
export const DEFAULT_ROLE_PERMISSIONS: Record<string, Permission[]> = {
  [ROLE.SUPER_ADMIN]: ALL_PERMISSIONS,
  [ROLE.ADMIN]: adminPermissions,
  // A backend admin works as an admin of the company it picks; without a company, company-owned checks fail anyway.
  [ROLE.BACKEND_ADMIN]: adminPermissions,
  [ROLE.USER]: [],
  [ROLE.MASTER_FRANCHISEE]: ["franchisees.list", "franchisees.view", "users.list", "users.view"],
  [ROLE.FRANCHISEE_ADMIN]: ["franchisees.view", "users.list", "users.view", "users.create", "users.update"],
};

export type Visibility = { roleName: string; positionName: string | null; companyId: number | null };

/** The spec's visibility rule: role or position name matches, or a BACKEND ADMIN with a company selected. */
export function isVisibleTo(v: Visibility, names: readonly string[]): boolean {
  if (names.includes(v.roleName)) return true;
  if (v.positionName && names.includes(v.positionName)) return true;
  return v.roleName === ROLE.BACKEND_ADMIN && v.companyId != null;
}
