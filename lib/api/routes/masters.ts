import "server-only";
import { masters } from "@/lib/registry";
import type { ApiRoute } from "../types";

/** Lookup lists (spec 000 §7 Masters). */
export const mastersRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "masters",
    auth: "user",
    // Each context needs a permission of the screens that use it (checked inside): any one of these opens some.
    permission: null,
    variants: masters.permissions,
    shape: "data",
    tag: "Masters",
    summary: "The lookup lists a screen needs (context=user: the company's positions and franchisees)",
    query: masters.query,
    output: masters.output,
    handler: async ({ ctx, query }) => ({ data: await masters.get(ctx, query) }),
  },
];
