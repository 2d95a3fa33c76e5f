import "server-only";
import {
  createModule,
  deleteModule,
  getModule,
  listModules,
  MODULE_MESSAGES,
  restoreModule,
  updateModule,
} from "@/lib/admin/modules";
import { authorize } from "@/lib/platform/context";
import { exportLink } from "@/lib/platform/exports";
import { idParam } from "../params";
import type { ApiRoute } from "../types";

/** Modules (spec 000 §7). Global rows: no `owned` ids; writes are the SUPER ADMIN's (PLATFORM_ONLY). */
export const modulesRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "modules",
    auth: "user",
    permission: "modules.list",
    shape: "list",
    handler: ({ ctx, query }) => listModules(ctx, query),
  },
  {
    method: "GET",
    path: "module_exports",
    auth: "user",
    permission: "modules.export",
    shape: "data",
    async handler({ ctx, query }) {
      authorize(ctx, "modules.export");
      return { data: exportLink(ctx, "modules", query) };
    },
  },
  {
    method: "POST",
    path: "modules",
    auth: "user",
    permission: "modules.create",
    shape: "data",
    handler: async ({ ctx, body }) => ({ data: await createModule(ctx, body) }),
  },
  {
    method: "POST",
    path: "modules/delete/:id",
    auth: "user",
    permission: "modules.delete",
    shape: "message",
    async handler({ ctx, params }) {
      await deleteModule(ctx, { id: idParam(params.id) });
      return { message: MODULE_MESSAGES.deleted };
    },
  },
  {
    method: "POST",
    path: "modules/restore/:id",
    auth: "user",
    permission: "modules.restore",
    shape: "message",
    async handler({ ctx, params }) {
      await restoreModule(ctx, { id: idParam(params.id) });
      return { message: MODULE_MESSAGES.restored };
    },
  },
  {
    method: "GET",
    path: "modules/:id",
    auth: "user",
    permission: "modules.view",
    shape: "data",
    handler: async ({ ctx, params }) => ({ data: await getModule(ctx, idParam(params.id)) }),
  },
  {
    method: "PATCH",
    path: "modules/:id",
    auth: "user",
    permission: "modules.update",
    shape: "data",
    handler: async ({ ctx, params, body }) => ({
      data: await updateModule(ctx, { ...body, id: idParam(params.id) }),
    }),
  },
];
