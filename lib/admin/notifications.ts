import "server-only";
import { and, count, eq, inArray, isNull, sql } from "drizzle-orm";
import { notifications } from "@/db/schema";
import type { Ctx } from "@/lib/platform/context";
import { getDb, type Executor } from "@/lib/platform/db";
import {
  defineList,
  parseListQuery,
  runListQuery,
  type ListResult,
  type RawParams,
  type RowOf,
} from "@/lib/platform/list";

// Notifications belong to a user, not to a company: every signed-in user reads their own (no permission needed),
// and nobody reads another's. They are raised with notify() in lib/platform/notifications.ts.

/** The caller's notifications: search over title and body, newest first (no filters, no trash). */
export const notificationList = defineList({
  from: notifications,
  select: {
    id: notifications.id,
    title: notifications.title,
    body: notifications.body,
    /** A portal path, or null (notify() never stores anything else). */
    link: notifications.link,
    read_at: notifications.read_at,
    created_at: notifications.created_at,
  },
  id: notifications.id,
  search: [notifications.title, notifications.body],
  // Newest first is id order (notify() only inserts); no sorts offered.
});

export type NotificationRow = RowOf<typeof notificationList.select>;

/** Whichever company the caller acts for, they read their own notifications only. */
const mine = (ctx: Ctx) => eq(notifications.user_id, ctx.userId);

/** Only links inside the portal are followed; anything else is not a link. */
export function portalLink(link: string | null | undefined): string | null {
  return link && link.startsWith("/") && !link.startsWith("//") && !link.startsWith("/\\") ? link : null;
}

/** The caller's own notifications, newest first: { data, count } (GET /notifications). Reading does not mark them. */
export async function listNotifications(ctx: Ctx, raw: RawParams): Promise<ListResult<NotificationRow>> {
  const r = await runListQuery(
    await getDb(),
    notificationList,
    parseListQuery(notificationList, raw),
    mine(ctx),
  );
  return { ...r, data: r.data.map((n) => ({ ...n, link: portalLink(n.link) })) };
}

/** How many of the caller's notifications are unread (the bell badge). */
export async function countUnreadNotifications(ctx: Ctx): Promise<number> {
  const db = await getDb();
  const [{ n }] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(mine(ctx), isNull(notifications.read_at)));
  return Number(n);
}

/** Marks every unread notification of the caller read (POST /notifications/read); answers how many it marked. */
export async function markNotificationsRead(ctx: Ctx): Promise<number> {
  const db = await getDb();
  const marked = await db
    .update(notifications)
    .set({ read_at: sql`now()` })
    .where(and(mine(ctx), isNull(notifications.read_at)))
    .returning({ id: notifications.id });
  return marked.length;
}

/**
 * What the /notifications page does when opened: one page of the caller's notifications as they were (unread
 * ones still unread, so the page can mark them new), then all of them marked read, so the bell badge goes
 * (spec 000 §2.4: the badge shows until notifications are opened).
 */
export async function openNotifications(ctx: Ctx, raw: RawParams): Promise<ListResult<NotificationRow>> {
  const page = await listNotifications(ctx, raw);
  await markNotificationsRead(ctx);
  return page;
}

/**
 * An item's notifications done once it is decided (issue 25): the unread notifications of the item's company that
 * point at the item itself (`links`: its own screen, `/leave-requests/<opaque id>`, or its inbox entry) are marked
 * read, for every recipient, in the decision's transaction when one is given. Notifications that point at a list
 * (`/leave-requests?status=0`) name no item and stay until read.
 */
export async function markItemNotificationsDone(
  db: Executor,
  companyId: number | null,
  links: readonly string[],
): Promise<number> {
  if (companyId == null || !links.length) return 0;
  const done = await db
    .update(notifications)
    .set({ read_at: sql`now()` })
    .where(
      and(
        eq(notifications.company_id, companyId),
        isNull(notifications.read_at),
        inArray(notifications.link, [...links]),
      ),
    )
    .returning({ id: notifications.id });
  return done.length;
}
