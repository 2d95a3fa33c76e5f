import "server-only";
import { INBOX_PERMISSIONS, inboxAnswerSchema, inboxQuerySchema, listInbox } from "@/lib/approvals/inbox";
import type { ApiRoute } from "../types";

/**
 * The approvals inbox (issue 25): every pending item the caller may decide across the ten workflow kinds, within
 * their scope, oldest first, keyset paged (`cursor`: the previous page's next_cursor), optionally one `kind`; with
 * the count and oldest of each kind. Holding none of the kinds' decision permissions answers 403. Items are decided
 * through their own kind's routes (the item's opaque id).
 */
export const approvalsRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "approvals",
    auth: "user",
    permission: null,
    variants: INBOX_PERMISSIONS,
    shape: "data",
    tag: "Approvals",
    summary:
      "The caller's pending approvals across the workflow kinds, oldest first (keyset paged, filter by kind)",
    query: inboxQuerySchema,
    output: inboxAnswerSchema,
    handler: ({ ctx, query }) =>
      listInbox(ctx, {
        kind: query.get("kind") ?? undefined,
        limit: query.get("limit") ?? undefined,
        cursor: query.get("cursor") ?? undefined,
        sort: query.get("sort") ?? undefined,
        before: query.get("before") ?? undefined,
      }),
  },
];
