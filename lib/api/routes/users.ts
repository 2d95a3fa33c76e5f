import "server-only";
import {
  deleteUser,
  getUser,
  listUsers,
  restoreUser,
  saveUser,
  USER_MESSAGES,
} from "@/lib/admin/users/users";
import { authorize } from "@/lib/platform/context";
import { exportLink } from "@/lib/platform/exports";
import { idParam } from "../params";
import type { ApiRoute } from "../types";

/** Users: customers and franchisee staff (spec 000 §7 Users). */
export const usersRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "users",
    auth: "user",
    permission: "users.list",
    shape: "list",
    handler: ({ ctx, query }) => listUsers(ctx, query),
  },
  {
    method: "GET",
    path: "users/excel_export",
    auth: "user",
    permission: "users.export",
    shape: "data",
    async handler({ ctx, query }) {
      authorize(ctx, "users.export");
      return { data: exportLink(ctx, "users", query) };
    },
  },
  {
    method: "GET",
    path: "users/:id",
    auth: "user",
    permission: "users.view",
    owned: "id",
    shape: "data",
    handler: async ({ ctx, params }) => ({ data: await getUser(ctx, idParam(params.id)) }),
  },
  {
    // Create or update (an id in the body): the spec's client posts one form for both.
    method: "POST",
    path: "users",
    auth: "user",
    permission: null,
    shape: "data",
    handler: async ({ ctx, body }) => ({ data: await saveUser(ctx, body) }),
  },
  {
    method: "POST",
    path: "users/delete/:id",
    auth: "user",
    permission: "users.delete",
    owned: "id",
    shape: "message",
    async handler({ ctx, params }) {
      await deleteUser(ctx, { id: idParam(params.id) });
      return { message: USER_MESSAGES.deleted };
    },
  },
  {
    method: "POST",
    path: "users/restore/:id",
    auth: "user",
    permission: "users.restore",
    owned: "id",
    shape: "message",
    async handler({ ctx, params }) {
      await restoreUser(ctx, { id: idParam(params.id) });
      return { message: USER_MESSAGES.restored };
    },
  },
];
