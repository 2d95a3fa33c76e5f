import "server-only";
import { getMasters } from "@/lib/admin/masters";
import type { ApiRoute } from "../types";

/** Lookup lists (spec 000 §7 Masters). */
export const mastersRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "masters",
    auth: "user",
    // Any signed-in user of the acting company: the lists only name positions and franchisees.
    permission: null,
    shape: "data",
    handler: async ({ ctx, query }) => ({ data: await getMasters(ctx, query) }),
  },
];
