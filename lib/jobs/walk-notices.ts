import "server-only";
import { sql } from "drizzle-orm";
import { formatDate, MONTH_NAMES } from "@/lib/format";
import { rowsOf, type Executor } from "@/lib/platform/db";
import { notify, type NewNotification } from "@/lib/platform/notifications";

// What the apps' people hear of their walks (issue 22): the customer when a walker is assigned or changed, a walk
// moved, rescheduled or cancelled; the walker when walks are given to or taken from them. Batched: one notification
// per person per event, naming the walks (a few, then "and N more"), who walks them and for which franchisee.

/** "December 2026". */
export const monthLabel = (month: number, year: number) => `${MONTH_NAMES[month - 1] ?? month} ${year}`;

/** A YYYY-MM-DD date as the portal writes dates (DD-MM-YYYY, spec 000 §9). */
export const dayLabel = (d: string): string => formatDate(d.slice(0, 10));

/** "1 walk" / "3 walks". */
export const walksCount = (n: number) => `${n} walk${n === 1 ? "" : "s"}`;

/** One walk as the notices name it. */
export type WalkFact = {
  id: number;
  company_id: number;
  customer_id: number;
  customer: string;
  date: string;
  time: string;
  pets: string | null;
  walker_id: number | null;
  walker: string | null;
  franchisee: string | null;
};

/** The facts of these walks (one statement), by date and time. */
export async function walkFacts(db: Executor, walkIds: readonly number[]): Promise<WalkFact[]> {
  if (!walkIds.length) return [];
  const ids = sql.join(
    walkIds.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const rows = rowsOf<WalkFact>(
    await db.execute(sql`
      select w.id, w.company_id, p.user_id as customer_id,
        coalesce(nullif(c.user_name, ''), trim(concat_ws(' ', c.first_name, c.last_name))) as customer,
        to_char(w.date, 'YYYY-MM-DD') as date, to_char(w.timeslot, 'HH24:MI') as time,
        nullif(concat_ws(' & ', p1.name, p2.name), '') as pets, w.walker_id,
        coalesce(nullif(wk.user_name, ''), nullif(trim(concat_ws(' ', wk.first_name, wk.last_name)), '')) as walker,
        f.name as franchisee
      from daily_job_plan_walks w
      join daily_job_plans p on p.id = w.daily_job_plan_id
      left join users c on c.id = p.user_id
      left join user_pets p1 on p1.id = p.user_pet_id
      left join user_pets p2 on p2.id = p.user_pet_2_id
      left join users wk on wk.id = w.walker_id
      left join franchisees f on f.id = coalesce(w.franchisee_id, p.franchisee_id)
      where w.id in (${ids})
      order by w.date, w.timeslot, w.id`),
  );
  return rows.map((r) => ({
    ...r,
    id: Number(r.id),
    company_id: Number(r.company_id),
    customer_id: Number(r.customer_id),
    walker_id: r.walker_id == null ? null : Number(r.walker_id),
  }));
}

/** "5 Dec 2026 07:00, 6 Dec 2026 07:00 and 3 more" (the first `max`). */
export function whenText(walks: readonly Pick<WalkFact, "date" | "time">[], max = 3): string {
  const shown = walks.slice(0, max).map((x) => `${dayLabel(x.date)} ${x.time}`);
  const more = walks.length - shown.length;
  if (more > 0) return `${shown.join(", ")} and ${more} more`;
  if (shown.length <= 1) return shown.join("");
  return `${shown.slice(0, -1).join(", ")} and ${shown[shown.length - 1]}`;
}

/** "Ravi Kumar (Andheri Paws)", or "no walker yet". */
export const walkerText = (walker: string | null, franchisee: string | null) =>
  walker ? `${walker}${franchisee ? ` (${franchisee})` : ""}` : "no walker yet";

/** Groups walks by a key (customer, walker), keeping their order. */
export function groupBy<T, K>(rows: readonly T[], key: (r: T) => K | null): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    if (k == null) continue;
    out.set(k, [...(out.get(k) ?? []), r]);
  }
  return out;
}

/**
 * Tells each customer of these walks, once, what happened to theirs: `say` gets the customer's walks (facts read
 * now, after the change) and answers the title and body.
 */
export async function tellCustomers(
  tx: Executor,
  walkIds: readonly number[],
  say: (walks: WalkFact[]) => { title: string; body: string },
  link: string | null = "/notifications",
): Promise<void> {
  const facts = await walkFacts(tx, walkIds);
  const notes: NewNotification[] = [];
  for (const [customerId, walks] of groupBy(facts, (f) => f.customer_id))
    notes.push({ userId: customerId, companyId: walks[0].company_id, link, ...say(walks) });
  await notify(notes, tx);
}
