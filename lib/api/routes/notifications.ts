import "server-only";
import { listNotifications, markNotificationsRead } from "@/lib/admin/notifications";
import type { ApiRoute } from "../types";

/** The caller's own notifications (spec 000 §2.13): any signed-in user, own rows only. */
export const notificationsRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "notifications",
    auth: "user",
    permission: null,
    shape: "list",
    handler: ({ ctx, query }) => listNotifications(ctx, query),
  },
  {
    method: "POST",
    path: "notifications/read",
    auth: "user",
    permission: null,
    shape: "message",
    async handler({ ctx }) {
      await markNotificationsRead(ctx);
      return { message: "Notifications marked as read." };
    },
  },
];
