import "server-only";
import { masterFranchiseesCrud } from "@/lib/franchise/master-franchisees";
import { crudRoutes } from "../entity-routes";
import type { ApiRoute } from "../types";

/**
 * Master franchisees (spec 002 §2 names the routes only; the calls follow the other entities): list, export
 * (master_franchisee_exports), create, one, update (user and zone_ids, the zones replaced whole), delete and
 * restore. GET masters?context=master_franchisees answers the users and zones the form offers.
 */
export const masterFranchiseesRoutes: ApiRoute[] = [...crudRoutes(masterFranchiseesCrud)];
