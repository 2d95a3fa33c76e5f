import "server-only";
import { z } from "zod";
import { listNotifications, markNotificationsRead, notificationList } from "@/lib/admin/notifications";
import type { List, Selection } from "@/lib/platform/list";
import { listAnswer, listQuerySchema, listRowSchema } from "@/lib/platform/row-schema";
import type { ApiRoute } from "../types";

const list = notificationList as unknown as List<Selection>;
const tag = "Notification";

/**
 * The caller's own notifications (spec 000 §2.13): any signed-in user, own rows only, whichever company they act
 * for. No permission and no variants on purpose (the contract suite lists them as open routes).
 */
export const notificationsRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "notifications",
    auth: "user",
    permission: null,
    shape: "list",
    tag,
    summary: "List the caller's own notifications, newest first (reading does not mark them read)",
    query: listQuerySchema(list),
    output: listAnswer(listRowSchema(list)),
    handler: ({ ctx, query }) => listNotifications(ctx, query),
  },
  {
    method: "POST",
    path: "notifications/read",
    auth: "user",
    permission: null,
    shape: "message",
    tag,
    summary: "Mark all of the caller's notifications read",
    input: z.object({}),
    output: z.object({ message: z.string() }),
    async handler({ ctx }) {
      await markNotificationsRead(ctx);
      return { message: "Notifications marked as read." };
    },
  },
];
