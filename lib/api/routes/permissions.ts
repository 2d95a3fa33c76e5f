import "server-only";
import { z } from "zod";
import {
  createPermission,
  deletePermission,
  getPermission,
  listPermissions,
  permissionMasters,
  restorePermission,
  updatePermission,
} from "@/lib/admin/permission-records";
import { entityRoute } from "../entity-routes";
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
  entityRoute("GET", "permissions", listPermissions),
  entityRoute("POST", "permissions", createPermission),
  entityRoute("POST", "permissions/delete/:id", deletePermission),
  entityRoute("POST", "permissions/restore/:id", restorePermission),
  entityRoute("GET", "permissions/:id", getPermission),
  entityRoute("PATCH", "permissions/:id", updatePermission),
];
