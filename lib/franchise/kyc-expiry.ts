import "server-only";
import { sql } from "drizzle-orm";
import { formatDate } from "@/lib/format";
import { addDays } from "@/lib/operations/week-parity";
import { authorize, requireCompany, type Ctx } from "@/lib/platform/context";
import { getDb, rowsOf, type Executor } from "@/lib/platform/db";
import { encodeId } from "@/lib/platform/ids";
import { notify, type NewNotification } from "@/lib/platform/notifications";
import { asPlatform } from "@/lib/platform/rls";
import { kycNotify } from "./kyc-common";
import { indiaDay, refreshKycValidity } from "./kyc-validity";

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
 * token. A PostgreSQL advisory lock (transaction-scoped) lets one run at a time: a second instance's run at the
 * same moment skips.
 */

/** The advisory lock's key ("KYC" in ASCII): any fixed number no other lock of the portal uses. */
export const KYC_SWEEP_LOCK = 0x4b5943;
export const KYC_SWEEP_HOURS = 1;

type Due = {
  id: number;
  company_id: number;
  franchisee_id: number | null;
  document_name: string;
  expires_on: string;
};

export type SweepResult = { skipped: boolean; notified_30: number; notified_7: number; refreshed: number };

const TABLES = [
  { table: "franchisee_kyc_documents", href: "/franchisee-kyc-documents" },
  { table: "user_kyc_documents", href: "/user-kyc-documents" },
] as const;

/**
 * One sweep at `now` (tests pass a fixed instant): the 7-day reminders first (a document found at 5 days with no
 * reminder yet gets the 7-day one only), then the 30-day ones, then the validity of franchisees holding an approved
 * document past its date. `companyId` limits it to one company (the /api call).
 */
export async function sweepKycExpiry(now: Date, o: { companyId?: number } = {}): Promise<SweepResult> {
  const db = await getDb();
  const today = indiaDay(now);
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ ok: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${KYC_SWEEP_LOCK}) as ok`),
    );
    if (!lock?.ok) return { skipped: true, notified_30: 0, notified_7: 0, refreshed: 0 };
    const company = o.companyId != null ? sql`and d.company_id = ${o.companyId}` : sql``;
    const result: SweepResult = { skipped: false, notified_30: 0, notified_7: 0, refreshed: 0 };
    const notes: NewNotification[] = [];
    const admins = cachedAdmins(tx);
    for (const { table, href } of TABLES) {
      for (const days of [7, 30] as const) {
        const due = rowsOf<Due>(
          await tx.execute(sql`
            update ${sql.identifier(table)} d set expiry_notified = ${days}
            where d.deleted_at is null and d.status = 1 and d.expires_on is not null
              and d.expires_on >= ${today}::date and d.expires_on <= ${addDays(today, days)}::date
              and (d.expiry_notified is null or d.expiry_notified > ${days}) ${company}
            returning d.id, d.company_id, d.franchisee_id, d.document_name, d.expires_on::text as expires_on`),
        );
        if (days === 7) result.notified_7 += due.length;
        else result.notified_30 += due.length;
        for (const doc of due) {
          const ids = [
            ...(doc.franchisee_id != null ? await admins.franchisee(doc.franchisee_id) : []),
            ...(await admins.company(doc.company_id)),
          ];
          notes.push(
            ...kycNotify.toEach(ids, {
              companyId: doc.company_id,
              title: `KYC document expires in ${days} days or less`,
              body: `${doc.document_name} expires on ${formatDate(doc.expires_on)}.`,
              link: `${href}/${encodeId(doc.id)}`,
            }),
          );
        }
      }
    }
    await notify(notes, tx);
    // Franchisees still KYC-valid while holding an approved franchisee document past its date.
    const expired = rowsOf<{ id: number }>(
      await tx.execute(sql`
        select distinct f.id from franchisees f
        join franchisee_kyc_documents d on d.franchisee_id = f.id
        where f.is_kyc_valid = 1 and f.deleted_at is null and d.deleted_at is null and d.status = 1
          and d.expires_on < ${today}::date ${company}`),
    );
    for (const f of expired) await refreshKycValidity(tx, f.id, today);
    result.refreshed = expired.length;
    return result;
  });
}

/** The admins to tell, read once per franchisee and company within a sweep. */
function cachedAdmins(tx: Executor) {
  const fr = new Map<number, Promise<number[]>>();
  const co = new Map<number, Promise<number[]>>();
  return {
    franchisee: (id: number) => {
      if (!fr.has(id)) fr.set(id, kycNotify.franchiseeAdmins(tx, id));
      return fr.get(id)!;
    },
    company: (id: number) => {
      if (!co.has(id)) co.set(id, kycNotify.companyAdmins(tx, id));
      return co.get(id)!;
    },
  };
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
