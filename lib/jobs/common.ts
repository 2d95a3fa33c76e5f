import "server-only";
import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { users } from "@/db/schema";
import type { Executor } from "@/lib/platform/db";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";

// Shared pieces of job operations (issue 11): statuses, India's day and time, walkers, who hears of what.

/** Walk statuses (spec 002 §3 and §4's leave walks; 6 is ours: a cancellation approved through the /api). */
export const WALK_STATUS = {
  PENDING: 0,
  STARTED: 1,
  COMPLETED: 2,
  RESCHEDULE_PENDING: 3,
  RESCHEDULE_APPROVED: 4,
  RESCHEDULE_REJECTED: 5,
  CANCELLED: 6,
} as const;

export const WALK_STATUS_LABELS: Record<number, string> = {
  0: "Pending",
  1: "Started",
  2: "Completed",
  3: "Reschedule Pending",
  4: "Reschedule Approved",
  5: "Reschedule Rejected",
  6: "Cancelled",
};

/** A walk not yet begun: it may still move to another walker or date. */
export const NOT_STARTED: readonly number[] = [0, 3, 4, 5];

/** Daily job plan statuses (not shown by the spec; ours). */
export const PLAN_STATUS_LABELS: Record<number, string> = {
  0: "Scheduled",
  1: "In Progress",
  2: "Completed",
  3: "Cancelled",
};

/** Approval (monthly requests, leave requests): 0 pending, 1 approved, 2 rejected. */
export const APPROVAL_LABELS: Record<number, string> = { 0: "Pending", 1: "Approved", 2: "Rejected" };

/** India is UTC+05:30 all year. The calendar day (YYYY-MM-DD) and wall-clock time (HH:MM) there of an instant. */
export function indiaNow(now: Date = new Date()): { date: string; time: string } {
  const iso = new Date(now.getTime() + 330 * 60_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

/** The instant a walk starts: its date and timeslot (HH:MM or HH:MM:SS) in India. */
export function walkStart(date: string, timeslot: string): Date {
  return new Date(`${date.slice(0, 10)}T${timeslot.slice(0, 5)}:00+05:30`);
}

/** Minutes since midnight of "HH:MM[:SS]". */
export function minutesOf(time: string): number {
  const [h, m] = time.split(":").map(Number);
  return h * 60 + m;
}

/** "HH:MM" of a time column's "HH:MM:SS" (null stays null). */
export const hhmm = (t: string | null | undefined): string | null => (t ? t.slice(0, 5) : null);

/**
 * A franchisee's walkers: live, active role-USER users who are its staff (users.franchisee_id). `ids` narrows to
 * those users (to check a chosen walker).
 */
export function walkersWhere(companyId: number, franchiseeId: number | null, ids?: number[]) {
  return and(
    eq(users.company_id, companyId),
    eq(users.role_id, ROLE_IDS[ROLE.USER]),
    franchiseeId != null ? eq(users.franchisee_id, franchiseeId) : isNotNull(users.franchisee_id),
    isNull(users.deleted_at),
    eq(users.is_active, 1),
    ids ? inArray(users.id, ids.length ? ids : [-1]) : undefined,
  );
}

/** Whether `userId` is a walker of the franchisee (or, with franchiseeId null, of any franchisee of the company). */
export async function isWalkerOf(
  tx: Executor,
  companyId: number,
  franchiseeId: number | null,
  userId: number,
): Promise<boolean> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(walkersWhere(companyId, franchiseeId, [userId]))
    .limit(1);
  return rows.length > 0;
}

/** Live, active FRANCHISEE ADMIN users of a franchisee: who hears of its new requests. */
export { franchiseeAdminIds } from "@/lib/platform/notifications";

type Named = { first_name: AnyPgColumn; last_name: AnyPgColumn };

/** A user's display name in SQL (users or an alias of it): user_name, else first and last name. */
export const userNameOf = (u: Named & { user_name: AnyPgColumn }) =>
  sql<string>`coalesce(nullif(${u.user_name}, ''), ${u.first_name} || ' ' || ${u.last_name})`;

/** "First Last" in SQL (users or an alias of it); null when both are blank. */
export const fullNameOf = (u: Named) =>
  sql<string | null>`nullif(trim(concat_ws(' ', ${u.first_name}, ${u.last_name})), '')`;
