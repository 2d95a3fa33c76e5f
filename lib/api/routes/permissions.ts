import "server-only";
import {
  createPermission,
  deletePermission,
  getPermission,
  listPermissions,
  PERMISSION_MESSAGES,
  permissionMasters,
  restorePermission,
  updatePermission,
} from "@/lib/admin/permission-records";
import { idParam } from "../params";
import type { ApiRoute } from "../types";

/** Permissions (spec 001 §7). Global rows: no `owned` ids; writes are the SUPER ADMIN's (PLATFORM_ONLY). */
export const permissionsRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "permissions/masters",
    auth: "user",
    permission: "permissions.list",
    shape: "data",
    handler: async ({ ctx }) => ({ data: await permissionMasters(ctx) }),
  },
  {
    method: "GET",
    path: "permissions",
    auth: "user",
    permission: "permissions.list",
    shape: "list",
    handler: ({ ctx, query }) => listPermissions(ctx, query),
  },
  {
    method: "POST",
    path: "permissions",
    auth: "user",
    permission: "permissions.create",
    shape: "data",
    handler: async ({ ctx, body }) => ({ data: await createPermission(ctx, body) }),
  },
  {
    method: "POST",
    path: "permissions/delete/:id",
    auth: "user",
    permission: "permissions.delete",
    shape: "message",
    async handler({ ctx, params }) {
      await deletePermission(ctx, { id: idParam(params.id) });
      return { message: PERMISSION_MESSAGES.deleted };
    },
  },
  {
    method: "POST",
    path: "permissions/restore/:id",
    auth: "user",
    permission: "permissions.restore",
    shape: "message",
    async handler({ ctx, params }) {
      await restorePermission(ctx, { id: idParam(params.id) });
      return { message: PERMISSION_MESSAGES.restored };
    },
  },
  {
    method: "GET",
    path: "permissions/:id",
    auth: "user",
    permission: "permissions.view",
    shape: "data",
    handler: async ({ ctx, params }) => ({ data: await getPermission(ctx, idParam(params.id)) }),
  },
  {
    method: "PATCH",
    path: "permissions/:id",
    auth: "user",
    permission: "permissions.update",
    shape: "data",
    handler: async ({ ctx, params, body }) => ({
      data: await updatePermission(ctx, { ...body, id: idParam(params.id) }),
    }),
  },
];
