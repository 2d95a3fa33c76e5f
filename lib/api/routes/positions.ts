import "server-only";
import {
  deletePosition,
  getPosition,
  listPositions,
  positionMasters,
  restorePosition,
  savePosition,
} from "@/lib/admin/positions";
import { entityRoute } from "../entity-routes";
import type { ApiRoute } from "../types";

/** Positions: a company's job roles with their permissions (spec 000 §7 Positions). */
export const positionsRoutes: ApiRoute[] = [
  entityRoute("GET", "positions", listPositions),
  {
    // The checkbox layout: whoever may view, create or edit positions may load it (the domain function checks).
    method: "GET",
    path: "positions/masters",
    auth: "user",
    permission: null,
    variants: ["positions.view", "positions.create", "positions.update"],
    shape: "data",
    tag: "Position",
    summary: "The permissions a position form offers, grouped by module, each marked grantable or not",
    handler: async ({ ctx }) => ({ data: await positionMasters(ctx) }),
  },
  entityRoute("GET", "positions/:id", getPosition),
  entityRoute("POST", "positions", savePosition),
  entityRoute("POST", "positions/delete/:id", deletePosition),
  entityRoute("POST", "positions/restore/:id", restorePosition),
];
