import "server-only";
import { deleteRole, getRole, listRoles, roleMasters, ROLE_MESSAGES, saveRole } from "@/lib/admin/roles";
import { authorize } from "@/lib/platform/context";
import { exportLink } from "@/lib/platform/exports";
import { idParam } from "../params";
import type { ApiRoute } from "../types";

/** Roles: global, with their permissions (spec 000 §7 Roles). Only a SUPER ADMIN changes them. */
export const rolesRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "roles",
    auth: "user",
    permission: "roles.list",
    shape: "list",
    handler: ({ ctx, query }) => listRoles(ctx, query),
  },
  {
    method: "GET",
    path: "role_exports",
    auth: "user",
    permission: "roles.export",
    shape: "data",
    async handler({ ctx, query }) {
      authorize(ctx, "roles.export");
      return { data: exportLink(ctx, "roles", query) };
    },
  },
  {
    // The checkbox layout: modules and permissions, for whoever may view, create or edit roles (checked inside).
    method: "GET",
    path: "roles/masters",
    auth: "user",
    permission: null,
    shape: "data",
    handler: async ({ ctx }) => ({ data: await roleMasters(ctx) }),
  },
  {
    // Roles are global: no `owned`, every caller with roles.view sees the same role.
    method: "GET",
    path: "roles/:id",
    auth: "user",
    permission: "roles.view",
    shape: "data",
    handler: async ({ ctx, params }) => ({ data: await getRole(ctx, idParam(params.id)) }),
  },
  {
    // Create or update (an id in the body); the domain function checks roles.create or roles.update.
    method: "POST",
    path: "roles",
    auth: "user",
    permission: null,
    shape: "data",
    handler: async ({ ctx, body }) => ({ data: await saveRole(ctx, body) }),
  },
  {
    method: "POST",
    path: "roles/delete/:id",
    auth: "user",
    permission: "roles.delete",
    shape: "message",
    async handler({ ctx, params }) {
      await deleteRole(ctx, { id: idParam(params.id) });
      return { message: ROLE_MESSAGES.deleted };
    },
  },
];
