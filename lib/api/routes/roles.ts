import "server-only";
import { roleGrants, rolesCrud } from "@/lib/admin/roles";
import { crudRoutes } from "../entity-routes";
import { grantMastersRoute } from "./grant-masters";

/** Roles: global, with their permissions (spec 000 §7 Roles). Only a SUPER ADMIN changes them. */
export const rolesRoutes = [
  grantMastersRoute(rolesCrud.def, roleGrants.masters),
  ...crudRoutes(rolesCrud, ["list", "export", "get", "upsert", "delete"]),
];
