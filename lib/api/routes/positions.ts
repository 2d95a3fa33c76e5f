import "server-only";
import { positionGrants, positionsCrud } from "@/lib/admin/positions";
import { crudRoutes } from "../entity-routes";
import { grantMastersRoute } from "./grant-masters";

/** Positions: a company's job roles with their permissions (spec 000 §7 Positions). */
export const positionsRoutes = [
  grantMastersRoute(positionsCrud.def, positionGrants.masters),
  ...crudRoutes(positionsCrud, ["list", "get", "upsert", "delete", "restore"]),
];
