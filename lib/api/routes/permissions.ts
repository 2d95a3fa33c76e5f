import "server-only";
import { z } from "zod";
import { permissionMasters, permissionsCrud } from "@/lib/admin/permission-records";
import { crudRoutes } from "../entity-routes";
import type { ApiRoute } from "../types";

/** Permission records (spec 001 §7). Global rows; writes are the SUPER ADMIN's (PLATFORM_ONLY). */
export const permissionsRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "permissions/masters",
    auth: "user",
    permission: "permissions.list",
    shape: "data",
    tag: "Permission",
    summary: "The modules a permission can belong to",
    output: z.object({
      data: z.object({ modules: z.array(z.object({ id: z.number(), name: z.string() })) }),
    }),
    handler: async ({ ctx }) => ({ data: await permissionMasters(ctx) }),
  },
  ...crudRoutes(permissionsCrud, ["list", "create", "delete", "restore", "get", "update"]),
];
