import "server-only";
import { getMasters, MASTERS_PERMISSIONS, mastersOutput, mastersQuery } from "@/lib/admin/masters";
import type { ApiRoute } from "../types";

/** Lookup lists (spec 000 §7 Masters). */
export const mastersRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "masters",
    auth: "user",
    // Each context needs a permission of the screens that use it (checked inside): any one of these opens some.
    permission: null,
    variants: MASTERS_PERMISSIONS,
    shape: "data",
    tag: "Masters",
    summary: "The lookup lists a screen needs (context=user: the company's positions and franchisees)",
    query: mastersQuery,
    output: mastersOutput,
    handler: async ({ ctx, query }) => ({ data: await getMasters(ctx, query) }),
  },
];
