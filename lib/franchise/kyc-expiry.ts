import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { formatDate } from "@/lib/format";
import { addDays } from "@/lib/operations/week-parity";
import { authorize, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, rowsOf, type Executor } from "@/lib/platform/db";
import { encodeId } from "@/lib/platform/ids";
import { ROLE, ROLE_IDS } from "@/lib/platform/permissions";
import { indiaDay, refreshExpiredKycValidity } from "./kyc-validity";
import { asPlatform } from "@/lib/platform/rls";

/**
 * KYC expiry (issue 10): approved, live documents whose expiry date nears are announced twice — 30 days and 7 days
 * before — to the franchisee's admins (a staff document: the staff member's franchisee's admins) and the company's
 * admins; `expiry_notified` records the last reminder (30, then 7), so a run repeats nothing. A new expiry date
 * (renewal) clears it (lib/franchise/kyc-common.ts). On the day after a franchisee document's expiry date the
 * franchisee's KYC validity is recomputed, so it drops out of KYC-valid that day; an approved renewal brings it
 * back through refreshKycValidity.
 *
 * Runs hourly in each server process (instrumentation.ts), and on demand: POST /api/kyc_documents/expiry_sweep
 * (permission franchisee_kyc_documents.review; the acting company's documents), e.g. from a cron with an admin's
 * token. A PostgreSQL advisory lock per company (transaction-scoped) lets one run at a time: a second instance's
 * run at the same moment skips that company.
 */

/** The advisory lock's key ("KYC" in ASCII): any fixed number no other lock of the portal uses. */
export const KYC_SWEEP_LOCK = 0x4b5943;
export const KYC_SWEEP_HOURS = 1;

type Due = {
  id: number;
  kind: number;
  franchisee_id: number | null;
  document_name: string;
  expires_on: string;
  days: 7 | 30;
};

export type SweepResult = { skipped: boolean; notified_30: number; notified_7: number; refreshed: number };

const TABLES = [
  { table: "franchisee_kyc_documents", href: "/franchisee-kyc-documents" },
  { table: "user_kyc_documents", href: "/user-kyc-documents" },
] as const;

/** Approved, live documents whose next reminder is due on `today` (`d`: the table's alias); its days, 7 or 30. */
const reminderDays = (today: string) =>
  sql`case when d.expires_on <= ${addDays(today, 7)}::date then 7 else 30 end`;
const reminderDue = (today: string) => sql`d.deleted_at is null and d.status = 1 and d.expires_on is not null
  and d.expires_on >= ${today}::date and d.expires_on <= ${addDays(today, 30)}::date
  and (d.expiry_notified is null or d.expiry_notified > ${reminderDays(today)})`;

/**
 * One sweep at `now` (tests pass a fixed instant): the 7-day reminders (a document found at 5 days with no
 * reminder yet gets the 7-day one only) and the 30-day ones, then the validity of franchisees holding an approved
 * document past its date. `companyId` limits it to one company (the /api call).
 *
 * Set-based and batched per company: one statement finds the companies with something to do, then each company
 * is one short transaction (its lock, the reminders marked in both tables, their notifications, the validity),
 * whatever its number of documents, so PGlite's one connection is never held for the whole sweep.
 */
export async function sweepKycExpiry(now: Date, o: { companyId?: number } = {}): Promise<SweepResult> {
  const db = await getDb();
  const today = indiaDay(now);
  const only = (c: SQL) => (o.companyId != null ? sql`and ${c} = ${o.companyId}` : sql``);
  const companies = rowsOf<{ company_id: number }>(
    await db.execute(sql`
      ${sql.join(
        TABLES.map(
          ({ table }) =>
            sql`select d.company_id from ${sql.identifier(table)} d where ${reminderDue(today)} ${only(sql`d.company_id`)}`,
        ),
        sql` union `,
      )}
      union
      select d.company_id from franchisee_kyc_documents d join franchisees f on f.id = d.franchisee_id
      where f.is_kyc_valid = 1 and f.deleted_at is null and d.deleted_at is null and d.status = 1
        and d.expires_on < ${today}::date ${only(sql`d.company_id`)}
      order by 1`),
  );
  const result: SweepResult = { skipped: false, notified_30: 0, notified_7: 0, refreshed: 0 };
  for (const { company_id } of companies) {
    const r = await sweepCompany(db, Number(company_id), today);
    if (!r) result.skipped = true;
    else {
      result.notified_7 += r.notified_7;
      result.notified_30 += r.notified_30;
      result.refreshed += r.refreshed;
    }
  }
  return result;
}

/** One company's sweep in its own transaction; null when another run holds the company (it skips). */
async function sweepCompany(db: Executor, companyId: number, today: string) {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${KYC_SWEEP_LOCK}, ${companyId}) as ok`),
    );
    if (!lock?.ok) return null;
    // Both tables' due documents marked with the reminder they get, in one statement.
    const due = rowsOf<Due>(
      await tx.execute(sql`
        with ${sql.join(
          TABLES.map(
            ({ table }, kind) => sql`${sql.identifier(`due${kind}`)} as (
              update ${sql.identifier(table)} d set expiry_notified = ${reminderDays(today)}
              where d.company_id = ${companyId} and ${reminderDue(today)}
              returning ${sql.raw(String(kind))} as kind, d.id, d.franchisee_id, d.document_name,
                d.expires_on::text as expires_on, d.expiry_notified as days)`,
          ),
          sql`, `,
        )}
        select * from due0 union all select * from due1 order by kind, days, id`),
    );
    const counts = { notified_7: 0, notified_30: 0 };
    for (const d of due) counts[Number(d.days) === 7 ? "notified_7" : "notified_30"]++;
    if (due.length) {
      // Each document's notice to its franchisee's admins and the company's admins (each person once), in one
      // statement: the texts are the portal's (dates as DD-MM-YYYY, opaque ids in links), the people are read here.
      const notes = due.map((d, ord) => ({
        ord,
        franchisee_id: d.franchisee_id,
        title: `KYC document expires in ${d.days} days or less`,
        body: `${d.document_name} expires on ${formatDate(d.expires_on)}.`,
        link: `${TABLES[Number(d.kind)].href}/${encodeId(Number(d.id))}`,
      }));
      await tx.execute(sql`
        with x as (
          select * from jsonb_to_recordset(${JSON.stringify(notes)}::jsonb)
            as x(ord int, franchisee_id int, title text, body text, link text)),
        people as (
          select x.ord, u.id, 0 as side from x join users u on u.franchisee_id = x.franchisee_id
          where u.role_id = ${ROLE_IDS[ROLE.FRANCHISEE_ADMIN]} and u.deleted_at is null and u.is_active = 1
          union
          select x.ord, u.id, 1 from x cross join users u
          where u.company_id = ${companyId} and u.role_id = ${ROLE_IDS[ROLE.ADMIN]} and u.deleted_at is null
            and u.is_active = 1)
        insert into notifications (user_id, company_id, title, body, link)
        select p.id, ${companyId}, x.title, x.body, x.link
        from (select distinct on (ord, id) ord, id, side from people order by ord, id, side) p
        join x on x.ord = p.ord
        order by p.ord, p.side, p.id`);
    }
    const refreshed = await refreshExpiredKycValidity(tx, companyId, today);
    return { ...counts, refreshed };
  });
}

/** POST kyc_documents/expiry_sweep: the acting company's sweep now (a reviewer of franchisee documents; a cron's token). */
export async function runKycExpirySweep(ctx: Ctx): Promise<SweepResult> {
  authorize(ctx, "franchisee_kyc_documents.review");
  return sweepKycExpiry(new Date(), { companyId: requireCompany(ctx) });
}

const g = globalThis as unknown as { __kycSweep?: NodeJS.Timeout };

/**
 * Starts the hourly sweep in this server process (instrumentation.ts), once; not under tests (NODE_ENV test) nor with
 * KYC_SWEEP=0. A failed run is logged and the next hour tries again.
 */
export function startKycExpirySweep(): void {
  if (process.env.NODE_ENV === "test" || process.env.KYC_SWEEP === "0" || g.__kycSweep) return;
  // Every company's documents: platform work (row-level security, lib/platform/rls.ts).
  const run = () =>
    void asPlatform("KYC expiry sweep", () => sweepKycExpiry(new Date())).catch((e) =>
      console.error("[kyc-expiry]", e),
    );
  run();
  g.__kycSweep = setInterval(run, KYC_SWEEP_HOURS * 60 * 60_000);
  g.__kycSweep.unref();
}
