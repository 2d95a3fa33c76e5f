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
    "franchisees.restore",
    "franchisees.export",
    "franchisees.approve",
  ],
  "Master Franchisees": [
    "master_franchisees.list",
    "master_franchisees.view",
    "master_franchisees.create",
    "master_franchisees.update",
    "master_franchisees.delete",
    "master_franchisees.restore",
    "master_franchisees.export",
  ],
  "KYC Document Types": [
    "kyc_document_types.list",
    "kyc_document_types.view",
    "kyc_document_types.create",
    "kyc_document_types.update",
    "kyc_document_types.delete",
    "kyc_document_types.restore",
  ],
  "Franchisee KYC Documents": [
    "franchisee_kyc_documents.list",
    "franchisee_kyc_documents.view",
    "franchisee_kyc_documents.create",
    "franchisee_kyc_documents.update",
    "franchisee_kyc_documents.delete",
    "franchisee_kyc_documents.restore",
    "franchisee_kyc_documents.export",
    "franchisee_kyc_documents.review",
  ],
  "User KYC Documents": [
    "user_kyc_documents.list",
    "user_kyc_documents.view",
    "user_kyc_documents.create",
    "user_kyc_documents.update",
    "user_kyc_documents.delete",
    "user_kyc_documents.restore",
    "user_kyc_documents.export",
    "user_kyc_documents.review",
  ],
  "Walkie Career Requests": [
    "pet_walkie_career_requests.list",
    "pet_walkie_career_requests.view",
    "pet_walkie_career_requests.create",
    "pet_walkie_career_requests.update",
    "pet_walkie_career_requests.delete",
    "pet_walkie_career_requests.restore",
    "pet_walkie_career_requests.export",
  ],
  "Trainer Career Requests": [
    "pet_trainer_career_requests.list",
    "pet_trainer_career_requests.view",
    "pet_trainer_career_requests.create",
    "pet_trainer_career_requests.update",
    "pet_trainer_career_requests.delete",
    "pet_trainer_career_requests.restore",
    "pet_trainer_career_requests.export",
  ],
  "Franchisee Career Requests": [
    "franchisee_career_requests.list",
    "franchisee_career_requests.view",
    "franchisee_career_requests.create",
    "franchisee_career_requests.update",
    "franchisee_career_requests.delete",
    "franchisee_career_requests.restore",
    "franchisee_career_requests.export",
  ],
  "Daycare Career Requests": [
    "daycare_career_requests.list",
    "daycare_career_requests.view",
    "daycare_career_requests.create",
    "daycare_career_requests.update",
    "daycare_career_requests.delete",
    "daycare_career_requests.restore",
    "daycare_career_requests.export",
  ],
  "User Service Interests": [
    "user_service_interests.list",
    "user_service_interests.view",
    "user_service_interests.create",
    "user_service_interests.update",
    "user_service_interests.delete",
    "user_service_interests.restore",
    "user_service_interests.export",
  ],
  Plans: [
    "plans.list",
    "plans.view",
    "plans.create",
    "plans.update",
    "plans.delete",
    "plans.restore",
    "plans.export",
  ],
  Blogs: [
    "blogs.list",
    "blogs.view",
    "blogs.create",
    "blogs.update",
    "blogs.delete",
    "blogs.restore",
    "blogs.export",
  ],
  "Blog Details": [
    "blog_details.list",
    "blog_details.view",
    "blog_details.create",
    "blog_details.update",
    "blog_details.delete",
    "blog_details.restore",
    "blog_details.export",
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
  "User Monthly Job Requests": [
    "user_monthly_job_requests.list",
    "user_monthly_job_requests.view",
    "user_monthly_job_requests.create",
    "user_monthly_job_requests.update",
    "user_monthly_job_requests.delete",
    "user_monthly_job_requests.restore",
    "user_monthly_job_requests.export",
    "user_monthly_job_requests.approve",
  ],
  "Daily Job Plans": [
    "daily_job_plans.list",
    "daily_job_plans.view",
    "daily_job_plans.create",
    "daily_job_plans.update",
    "daily_job_plans.delete",
    "daily_job_plans.restore",
    "daily_job_plans.export",
  ],
  "Leave Requests": [
    "leave_requests.list",
    "leave_requests.view",
    "leave_requests.create",
    "leave_requests.update",
    "leave_requests.delete",
    "leave_requests.restore",
    "leave_requests.export",
    "leave_requests.approve",
  ],
  "Customer Walk Requests": [
    "customer_walk_requests.list",
    "customer_walk_requests.view",
    "customer_walk_requests.create",
    "customer_walk_requests.delete",
    "customer_walk_requests.restore",
    "customer_walk_requests.export",
    "customer_walk_requests.approve",
  ],
  "Walk Request Policies": ["walk_request_policies.view", "walk_request_policies.update"],
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
  // The mobile apps' customers and applicants: they send career applications and service interests (their own).
  [ROLE.USER]: [
    "pet_walkie_career_requests.create",
    "pet_trainer_career_requests.create",
    "franchisee_career_requests.create",
    "daycare_career_requests.create",
    "user_service_interests.create",
    // Issue 11: a customer asks for a month of walks and to reschedule or cancel a walk; a walker asks for leave.
    // Each sees and makes only their own (networkScope's `own`).
    "user_monthly_job_requests.create",
    "customer_walk_requests.create",
    "leave_requests.create",
  ],
  // Spec 002 §6: the franchisees and staff of their zones, franchisee career requests (approve and reject), and
  // the franchisee KYC review (§2's button rules); every query narrowed to their zones (networkScope).
  [ROLE.MASTER_FRANCHISEE]: [
    "franchisees.list",
    "franchisees.view",
    "franchisees.export",
    "users.list",
    "users.view",
    "franchisee_career_requests.list",
    "franchisee_career_requests.view",
    "franchisee_career_requests.update",
    "franchisee_career_requests.export",
    "franchisee_kyc_documents.list",
    "franchisee_kyc_documents.view",
    "franchisee_kyc_documents.update",
    "franchisee_kyc_documents.review",
    // Spec 002 §6: Monthly Job Requests, their zones' (zones as text: no zone change).
    "user_monthly_job_requests.list",
    "user_monthly_job_requests.view",
    "user_monthly_job_requests.export",
  ],
  // Spec 002 §6: their own franchisee, its KYC documents (submit and re-submit) and its staff with theirs.
  [ROLE.FRANCHISEE_ADMIN]: [
    "franchisees.view",
    "users.list",
    "users.view",
    "users.create",
    "users.update",
    "franchisee_kyc_documents.list",
    "franchisee_kyc_documents.view",
    "franchisee_kyc_documents.create",
    "franchisee_kyc_documents.update",
    "user_kyc_documents.list",
    "user_kyc_documents.view",
    "user_kyc_documents.create",
    "user_kyc_documents.update",
    // Spec 002 §6 and issue 11: their franchisee's operations. Monthly requests: the franchisee approval, walker,
    // timeslots and remark (the form's role rules); daily plans and walks; leave with replacement; customers'
    // reschedule and cancel requests; the calendar (daily_job_plans.list).
    "user_monthly_job_requests.list",
    "user_monthly_job_requests.view",
    "user_monthly_job_requests.create",
    "user_monthly_job_requests.update",
    "user_monthly_job_requests.export",
    "daily_job_plans.list",
    "daily_job_plans.view",
    "daily_job_plans.create",
    "daily_job_plans.update",
    "daily_job_plans.delete",
    "daily_job_plans.restore",
    "daily_job_plans.export",
    "leave_requests.list",
    "leave_requests.view",
    "leave_requests.update",
    "leave_requests.delete",
    "leave_requests.restore",
    "leave_requests.export",
    "leave_requests.approve",
    "customer_walk_requests.list",
    "customer_walk_requests.view",
    "customer_walk_requests.delete",
    "customer_walk_requests.restore",
    "customer_walk_requests.export",
    "customer_walk_requests.approve",
  ],
};

export type Visibility = { roleName: string; positionName: string | null; companyId: number | null };

/** The spec's visibility rule: role or position name matches, or a BACKEND ADMIN with a company selected. */
export function isVisibleTo(v: Visibility, names: readonly string[]): boolean {
  if (names.includes(v.roleName)) return true;
  if (v.positionName && names.includes(v.positionName)) return true;
  return v.roleName === ROLE.BACKEND_ADMIN && v.companyId != null;
}
