import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { notifications, users } from "@/db/schema";
import { getDb, type Executor } from "./db";
import { ROLE, ROLE_IDS } from "./permissions";

export type NewNotification = {
  userId: number;
  companyId: number | null;
  title: string;
  body?: string | null;
  /** A portal path ("/users?..."); anything else is shown as text, never followed. */
  link?: string | null;
};

/**
 * Raises a notification for a user (the bell badge shows until they open /notifications). Pass the open
 * transaction to raise it together with the change it announces.
 */
export async function notify(n: NewNotification | NewNotification[], tx?: Executor): Promise<void> {
  const list = Array.isArray(n) ? n : [n];
  if (!list.length) return;
  const db = tx ?? (await getDb());
  await db.insert(notifications).values(
    list.map((x) => ({
      user_id: x.userId,
      company_id: x.companyId,
      title: x.title.slice(0, 200),
      body: x.body?.slice(0, 10_000) ?? null,
      link: x.link && x.link.startsWith("/") && !x.link.startsWith("//") ? x.link.slice(0, 500) : null,
    })),
  );
}

/** Live, active FRANCHISEE ADMIN users of a franchisee: who hears of what happens at it (none for no franchisee). */
export async function franchiseeAdminIds(tx: Executor, franchiseeId: number | null): Promise<number[]> {
  if (franchiseeId == null) return [];
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.franchisee_id, franchiseeId),
        eq(users.role_id, ROLE_IDS[ROLE.FRANCHISEE_ADMIN]),
        isNull(users.deleted_at),
        eq(users.is_active, 1),
      ),
    );
  return rows.map((r) => r.id);
}

/** Live, active ADMIN users of a company: who hears of what no franchisee takes (a few per company). */
export async function companyAdminIds(tx: Executor, companyId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.company_id, companyId),
        eq(users.role_id, ROLE_IDS[ROLE.ADMIN]),
        isNull(users.deleted_at),
        eq(users.is_active, 1),
      ),
    );
  return rows.map((r) => r.id);
}
