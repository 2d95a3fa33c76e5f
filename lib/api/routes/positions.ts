import "server-only";
import {
  deletePosition,
  getPosition,
  listPositions,
  positionMasters,
  POSITION_MESSAGES,
  restorePosition,
  savePosition,
} from "@/lib/admin/positions";
import { idParam } from "../params";
import type { ApiRoute } from "../types";

/** Positions: a company's job roles with their permissions (spec 000 §7 Positions). */
export const positionsRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "positions",
    auth: "user",
    permission: "positions.list",
    shape: "list",
    handler: ({ ctx, query }) => listPositions(ctx, query),
  },
  {
    // The checkbox layout: modules and permissions. Whoever may view, create or edit positions may load it, so
    // the domain function checks that (any of three) itself.
    method: "GET",
    path: "positions/masters",
    auth: "user",
    permission: null,
    shape: "data",
    handler: async ({ ctx }) => ({ data: await positionMasters(ctx) }),
  },
  {
    method: "GET",
    path: "positions/:id",
    auth: "user",
    permission: "positions.view",
    owned: "id",
    shape: "data",
    handler: async ({ ctx, params }) => ({ data: await getPosition(ctx, idParam(params.id)) }),
  },
  {
    // Create or update (an id in the body): the spec's client posts one form for both; the domain function
    // checks positions.create or positions.update accordingly.
    method: "POST",
    path: "positions",
    auth: "user",
    permission: null,
    shape: "data",
    handler: async ({ ctx, body }) => ({ data: await savePosition(ctx, body) }),
  },
  {
    method: "POST",
    path: "positions/delete/:id",
    auth: "user",
    permission: "positions.delete",
    owned: "id",
    shape: "message",
    async handler({ ctx, params }) {
      await deletePosition(ctx, { id: idParam(params.id) });
      return { message: POSITION_MESSAGES.deleted };
    },
  },
  {
    method: "POST",
    path: "positions/restore/:id",
    auth: "user",
    permission: "positions.restore",
    owned: "id",
    shape: "message",
    async handler({ ctx, params }) {
      await restorePosition(ctx, { id: idParam(params.id) });
      return { message: POSITION_MESSAGES.restored };
    },
  },
];
