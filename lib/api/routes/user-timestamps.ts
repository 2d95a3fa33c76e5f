import "server-only";
import { deleteUserTimestamp, listUserTimestamps } from "@/lib/admin/user-timestamps";
import { authorize } from "@/lib/platform/context";
import { exportLink } from "@/lib/platform/exports";
import { idParam } from "../params";
import type { ApiRoute } from "../types";

/** User timestamps (spec 001 §7). POST user_timestamps (recording page time) is a session call, in ./session.ts. */
export const userTimestampsRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "user_timestamps",
    auth: "user",
    permission: "user_timestamps.list",
    shape: "list",
    handler: ({ ctx, query }) => listUserTimestamps(ctx, query),
  },
  {
    method: "GET",
    path: "user_timestamp_exports",
    auth: "user",
    permission: "user_timestamps.export",
    shape: "data",
    async handler({ ctx, query }) {
      authorize(ctx, "user_timestamps.export");
      return { data: exportLink(ctx, "user_timestamps", query) };
    },
  },
  {
    method: "POST",
    path: "user_timestamps/delete/:id",
    auth: "user",
    permission: "user_timestamps.delete",
    owned: "id",
    shape: "message",
    async handler({ ctx, params }) {
      await deleteUserTimestamp(ctx, { id: idParam(params.id) });
      return { message: "User timestamp deleted successfully." };
    },
  },
];
