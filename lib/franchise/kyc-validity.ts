import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { type Executor, rowsOf } from "@/lib/platform/db";

/**
 * KYC validity and placeholders (spec 002 §4). The one place that writes franchisees.is_kyc_valid.
 *
 * - A franchisee is KYC-valid when every required, live, active franchisee document type (applies_to 1) of its
 *   company has a live, active, approved document of that franchisee whose expires_on is null or not before
 *   today. A company without required franchisee types: every franchisee is valid (nothing is missing).
 * - Placeholders: one pending, file-less document per required, live, active type that the franchisee (or staff
 *   user) has no live document of yet; its name is the type's description. The franchisee admin then uploads the
 *   file into it ("Submit Document").
 *
 * All set-based (one statement each), so calling them on every save costs one round trip, and on a document type
 * change they cover the company's franchisees/staff in one statement too.
 */

export const APPLIES_FRANCHISEE = 1;
export const APPLIES_STAFF = 2;

/** India is UTC+05:30 all year: the calendar day of an instant there (the portal's day, spec 000 §9). */
export function indiaDay(now: Date): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** A calendar date (YYYY-MM-DD) for "today": as given, or today in India. */
function dayOf(today?: string | Date): SQL {
  const d = typeof today === "string" ? today.slice(0, 10) : indiaDay(today ?? new Date());
  return sql`${d}::date`;
}

/** The validity of the franchisee `f` (an SQL alias of franchisees), as 1/0. */
function validityExpr(today?: string | Date): SQL {
  const day = dayOf(today);
  return sql`case when exists (
    select 1 from kyc_document_types t
    where t.company_id = f.company_id and t.applies_to = ${APPLIES_FRANCHISEE} and t.is_required = 1
      and t.is_active = 1 and t.deleted_at is null
      and not exists (
        select 1 from franchisee_kyc_documents d
        where d.franchisee_id = f.id and d.document_type_id = t.id and d.deleted_at is null
          and d.is_active = 1 and d.status = 1 and (d.expires_on is null or d.expires_on >= ${day})
      )
  ) then 0 else 1 end`;
}

/**
 * Recomputes one franchisee's is_kyc_valid (call it in the same transaction after any change of a franchisee
 * document's status, file, expiry, activity, delete or restore). `today` defaults to today in India; the expiry
 * sweep passes its own. Answers the new value (null when the franchisee does not exist).
 */
export async function refreshKycValidity(
  tx: Executor,
  franchiseeId: number,
  today?: string | Date,
): Promise<0 | 1 | null> {
  const res = await tx.execute(sql`
    update franchisees f set is_kyc_valid = ${validityExpr(today)}
    where f.id = ${franchiseeId}
    returning f.is_kyc_valid as v`);
  const row = rowsOf(res)[0] as { v: number } | undefined;
  return row ? (Number(row.v) === 1 ? 1 : 0) : null;
}

/**
 * Recomputes every live franchisee of a company (after a franchisee document type is created, edited, deleted or
 * restored: the set of required types changed). One statement; only rows whose value changes are written.
 */
export async function refreshCompanyKycValidity(tx: Executor, companyId: number, today?: string | Date) {
  await tx.execute(sql`
    update franchisees f set is_kyc_valid = v.valid
    from (select f.id, ${validityExpr(today)} as valid from franchisees f
          where f.company_id = ${companyId} and f.deleted_at is null) v
    where f.id = v.id and f.is_kyc_valid <> v.valid`);
}

/**
 * Recomputes, in one statement, the company's franchisees still KYC-valid while holding an approved, live franchisee
 * document past its date (the expiry sweep, on `today`); answers how many it recomputed.
 */
export async function refreshExpiredKycValidity(
  tx: Executor,
  companyId: number,
  today: string,
): Promise<number> {
  const res = await tx.execute(sql`
    update franchisees f set is_kyc_valid = ${validityExpr(today)}
    where f.company_id = ${companyId} and f.is_kyc_valid = 1 and f.deleted_at is null
      and exists (
        select 1 from franchisee_kyc_documents d
        where d.franchisee_id = f.id and d.deleted_at is null and d.status = 1 and d.expires_on < ${today}::date)
    returning f.id`);
  return rowsOf(res).length;
}

export type KycOwner =
  { franchiseeId: number; userId?: undefined } | { userId: number; franchiseeId: number | null };

/**
 * Creates the missing placeholders of one franchisee (`{ franchiseeId }`) or one staff user
 * (`{ userId, franchiseeId }`): a pending, file-less row per required, live, active type of that kind without a
 * live document yet. Idempotent. Answers how many rows it inserted.
 */
export async function ensureKycRows(
  tx: Executor,
  companyId: number,
  owner: KycOwner,
  by: number | null = null,
): Promise<number> {
  if (owner.userId === undefined) {
    const res = await tx.execute(sql`
      insert into franchisee_kyc_documents
        (company_id, franchisee_id, document_type_id, document_name, status, created_by, updated_by)
      select t.company_id, ${owner.franchiseeId}, t.id, t.description, 0, ${by}, ${by}
      from kyc_document_types t
      where t.company_id = ${companyId} and t.applies_to = ${APPLIES_FRANCHISEE} and t.is_required = 1
        and t.is_active = 1 and t.deleted_at is null
        and not exists (select 1 from franchisee_kyc_documents d
          where d.franchisee_id = ${owner.franchiseeId} and d.document_type_id = t.id and d.deleted_at is null)
      returning id`);
    return rowsOf(res).length;
  }
  const res = await tx.execute(sql`
    insert into user_kyc_documents
      (company_id, user_id, franchisee_id, document_type_id, document_name, status, created_by, updated_by)
    select t.company_id, ${owner.userId}, ${owner.franchiseeId}, t.id, t.description, 0, ${by}, ${by}
    from kyc_document_types t
    where t.company_id = ${companyId} and t.applies_to = ${APPLIES_STAFF} and t.is_required = 1
      and t.is_active = 1 and t.deleted_at is null
      and not exists (select 1 from user_kyc_documents d
        where d.user_id = ${owner.userId} and d.document_type_id = t.id and d.deleted_at is null)
    returning id`);
  return rowsOf(res).length;
}

/**
 * Creates the placeholders of one (new, restored or now required) document type for every live franchisee of
 * the company (applies_to 1) or every live staff user of its franchisees (applies_to 2: users with a
 * franchisee_id in this company). One INSERT ... SELECT, bounded by the company's franchisees/staff.
 */
export async function ensureKycRowsForType(
  tx: Executor,
  companyId: number,
  typeId: number,
  by: number | null = null,
) {
  await tx.execute(sql`
    insert into franchisee_kyc_documents
      (company_id, franchisee_id, document_type_id, document_name, status, created_by, updated_by)
    select t.company_id, f.id, t.id, t.description, 0, ${by}, ${by}
    from kyc_document_types t
    join franchisees f on f.company_id = t.company_id and f.deleted_at is null
    where t.id = ${typeId} and t.company_id = ${companyId} and t.applies_to = ${APPLIES_FRANCHISEE}
      and t.is_required = 1 and t.is_active = 1 and t.deleted_at is null
      and not exists (select 1 from franchisee_kyc_documents d
        where d.franchisee_id = f.id and d.document_type_id = t.id and d.deleted_at is null)`);
  await tx.execute(sql`
    insert into user_kyc_documents
      (company_id, user_id, franchisee_id, document_type_id, document_name, status, created_by, updated_by)
    select t.company_id, u.id, u.franchisee_id, t.id, t.description, 0, ${by}, ${by}
    from kyc_document_types t
    join franchisees f on f.company_id = t.company_id and f.deleted_at is null
    join users u on u.franchisee_id = f.id and u.deleted_at is null
    where t.id = ${typeId} and t.company_id = ${companyId} and t.applies_to = ${APPLIES_STAFF}
      and t.is_required = 1 and t.is_active = 1 and t.deleted_at is null
      and not exists (select 1 from user_kyc_documents d
        where d.user_id = u.id and d.document_type_id = t.id and d.deleted_at is null)`);
}
