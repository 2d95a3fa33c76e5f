import "server-only";
import { deleteRole, getRole, listRoles, roleMasters, rolesDef, saveRole } from "@/lib/admin/roles";
import { entityRoute, exportRoute } from "../entity-routes";
import type { ApiRoute } from "../types";

/** Roles: global, with their permissions (spec 000 §7 Roles). Only a SUPER ADMIN changes them. */
export const rolesRoutes: ApiRoute[] = [
  entityRoute("GET", "roles", listRoles),
  exportRoute("role_exports", rolesDef),
  {
    // The checkbox layout: modules and permissions, for whoever may view, create or edit roles (checked inside).
    method: "GET",
    path: "roles/masters",
    auth: "user",
    permission: null,
    variants: ["roles.view", "roles.create", "roles.update"],
    shape: "data",
    tag: "Role",
    summary: "The permissions a role form offers, grouped by module, each marked grantable or not",
    handler: async ({ ctx }) => ({ data: await roleMasters(ctx) }),
  },
  entityRoute("GET", "roles/:id", getRole),
  entityRoute("POST", "roles", saveRole),
  entityRoute("POST", "roles/delete/:id", deleteRole),
];
