import type { Ctx } from "@/lib/platform/context";
import { POSITION, ROLE } from "@/lib/platform/permissions";

/**
 * Staff positions (issue 7): what a FRANCHISEE ADMIN may give the staff of their franchisee. Positions are company
 * data, named by the company's admins, so the rule goes by name: every live position of the company is a staff
 * position (FRANCHISEE STAFF, and whatever the admins add: walker, trainer, ...) except CUSTOMER (a customer is no
 * staff) and those named after a portal role. The spec's visibility rule (spec 000 §6) reads a position named like
 * a role as that role, so a position called MASTER FRANCHISEE or FRANCHISEE ADMIN is one only an admin hands out.
 * The user's role is never chosen on these screens: every user they make or edit has role USER.
 */
const normal = (name: string) =>
  name
    .trim()
    .toUpperCase()
    .replace(/[\s_-]+/g, " ");

const NOT_STAFF: ReadonlySet<string> = new Set(
  [
    POSITION.CUSTOMER,
    ROLE.SUPER_ADMIN,
    ROLE.ADMIN,
    ROLE.BACKEND_ADMIN,
    ROLE.MASTER_FRANCHISEE,
    ROLE.FRANCHISEE_ADMIN,
  ].map(normal),
);

/** Whether a position (by name) is a staff position; case, spaces, '_' and '-' do not matter. */
export const isStaffPosition = (name: string): boolean => !NOT_STAFF.has(normal(name));

/** Whether the caller may only give staff positions: a FRANCHISEE ADMIN, who manages their franchisee's staff. */
export const staffPositionsOnly = (ctx: Pick<Ctx, "roleName">): boolean =>
  ctx.roleName === ROLE.FRANCHISEE_ADMIN;

/** The field error when a FRANCHISEE ADMIN picks another position. */
export const STAFF_POSITION_ONLY = "You can only give your staff a staff position.";
