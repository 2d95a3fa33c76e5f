import "server-only";
import { franchiseeApproval, franchiseesCrud } from "@/lib/franchise/franchisees";
import { approvalRoutes } from "../approval-routes";
import { crudRoutes, exportRoute } from "../entity-routes";
import type { ApiRoute } from "../types";

/**
 * Franchisees (spec 002 §7): list (role_id=4 and position_id accepted and ignored), export (excel_export as the
 * spec's client calls it, and franchisee_exports as every entity has), create (which also creates the
 * franchisee's FRANCHISEE ADMIN user), one, update (the form, or zone_id alone for the inline zone change),
 * delete and restore; approve and reject a pending franchisee (the approval workflow). GET masters?context=franchisees
 * answers the zones.
 */
export const franchiseesRoutes: ApiRoute[] = [
  exportRoute("franchisees/excel_export", franchiseesCrud.def),
  ...crudRoutes(franchiseesCrud),
  ...approvalRoutes(franchiseeApproval),
];
