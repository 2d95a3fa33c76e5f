import "server-only";
import { deleteUser, getUser, listUsers, restoreUser, saveUser, usersDef } from "@/lib/admin/users/users";
import { entityRoute, exportRoute } from "../entity-routes";
import type { ApiRoute } from "../types";

/** Users: customers and franchisee staff (spec 000 §7 Users). */
export const usersRoutes: ApiRoute[] = [
  entityRoute("GET", "users", listUsers),
  exportRoute("users/excel_export", usersDef),
  entityRoute("GET", "users/:id", getUser),
  // Create or update (an id in the body): the spec's client posts one form for both.
  entityRoute("POST", "users", saveUser),
  entityRoute("POST", "users/delete/:id", deleteUser),
  entityRoute("POST", "users/restore/:id", restoreUser),
];
