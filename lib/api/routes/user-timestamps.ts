import "server-only";
import { z } from "zod";
import { deleteUserTimestamp, listUserTimestamps, userTimestampList } from "@/lib/admin/user-timestamps";
import { authorize } from "@/lib/platform/context";
import { exportLink } from "@/lib/platform/exports";
import type { List, Selection } from "@/lib/platform/list";
import { listAnswer, listQuerySchema, listRowSchema } from "@/lib/platform/row-schema";
import { idParam } from "../params";
import type { ApiRoute } from "../types";

const list = userTimestampList as unknown as List<Selection>;
const query = listQuerySchema(list);
const tag = "User Timestamp";

/** User timestamps (spec 001 §7). POST user_timestamps (recording page time) is a session call, in ./session.ts. */
export const userTimestampsRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "user_timestamps",
    auth: "user",
    permission: "user_timestamps.list",
    shape: "list",
    tag,
    summary: "List the acting company's page times, newest first",
    query,
    output: listAnswer(listRowSchema(list).extend({ name: z.string() })),
    handler: ({ ctx, query }) => listUserTimestamps(ctx, query),
  },
  {
    method: "GET",
    path: "user_timestamp_exports",
    auth: "user",
    permission: "user_timestamps.export",
    shape: "data",
    tag,
    summary: "Export user timestamps (a download link)",
    query,
    output: z.object({ data: z.string() }),
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
    tag,
    summary: "Delete a user timestamp (no restore)",
    input: z.object({}),
    output: z.object({ message: z.string() }),
    async handler({ ctx, params }) {
      await deleteUserTimestamp(ctx, { id: idParam(params.id) });
      return { message: "User timestamp deleted successfully." };
    },
  },
];
