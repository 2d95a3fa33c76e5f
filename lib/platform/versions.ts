import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { auditRecords, users } from "@/db/schema";
import { formatDateTime } from "@/lib/format";
import type { Executor } from "./db";
import { AppError } from "./errors";

/*
 * A record's version is its updated_at, to the millisecond (ISO 8601, as the record's own JSON answers it). Every
 * entity table has the column (lifecycleColumns), so no migration of ~45 tables was needed, the version means
 * something to a person (the conflict names the time), and an app already holds it in the record it read. The
 * kernel's update writes a time strictly after the one it replaces (nextUpdatedAt), so two saves within one
 * millisecond, or an instance whose clock lags, still give two versions. PostgreSQL keeps microseconds; a row never
 * updated since its insert (defaultNow) reads at the millisecond like every other, on both sides of the compare.
 */

/** A record's version: its updated_at as ISO 8601 to the millisecond (null when it has none). */
export function versionOf(row: { updated_at?: unknown }): string | null {
  const v = row.updated_at;
  if (v == null) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The ETag of a record's version (strong: RFC 9110 compares If-Match strongly). */
export function etagOf(row: { updated_at?: unknown }): string | null {
  const v = versionOf(row);
  return v ? `"${v}"` : null;
}

/** The updated_at a save writes: now, or a millisecond past the version it replaces when the clock is not past it. */
export function nextUpdatedAt(previous: unknown): Date {
  const prev = previous instanceof Date ? previous.getTime() : new Date(String(previous)).getTime();
  const now = Date.now();
  return new Date(Number.isNaN(prev) ? now : Math.max(now, Math.floor(prev) + 1));
}

/** Milliseconds of a version (ISO text, or the digits of one), NaN when it is none. */
function millis(v: string): number {
  const t = v.trim();
  if (/^\d{1,15}$/.test(t)) return Number(t);
  return t ? new Date(t).getTime() : NaN;
}

/**
 * What a save expects the record to be: `*` (any version: the record exists) or a list of versions, one of which
 * must be current. From an If-Match header (entity-tags, weak ones taken too: the version is the same) or a form's
 * version.
 */
export type Expected = "*" | string[];

/** An If-Match header's versions; null when absent or blank (no check). */
export function parseIfMatch(header: string | null | undefined): Expected | null {
  if (header == null || !header.trim()) return null;
  if (header.trim() === "*") return "*";
  const tags = [...header.matchAll(/(?:W\/)?"([^"]*)"/g)].map((m) => m[1]);
  // A bare value (not a quoted entity-tag) is read as a version too: clients often forget the quotes.
  return tags.length ? tags : header.split(",").map((s) => s.trim());
}

/** Whether the record's current version is one of those expected. */
export function versionMatches(expected: Expected, current: string | null): boolean {
  if (expected === "*") return true;
  if (current == null) return false;
  const now = millis(current);
  return expected.some((v) => millis(v) === now);
}

/**
 * A save refused because the record changed since the caller read it (409; /api with If-Match answers 412). It
 * carries the current version, so a form can let its user save over the change knowingly.
 */
export class StaleVersion extends AppError {
  constructor(
    message: string,
    public version: string | null,
  ) {
    super(409, message);
  }
}

/**
 * The refusal of a stale save: "This record was changed by <name> at <time>." — the last audited change's actor
 * (the row's updated_by when no audit record names one) and the record's updated_at, in India's time.
 */
export async function staleVersion(
  db: Executor,
  entity: string,
  row: { id: number; updated_at?: unknown; updated_by?: unknown },
): Promise<StaleVersion> {
  const [last] = await db
    .select({ actor: auditRecords.actor_id })
    .from(auditRecords)
    .where(and(eq(auditRecords.entity, entity), eq(auditRecords.entity_id, row.id)))
    .orderBy(desc(auditRecords.created_at), desc(auditRecords.id))
    .limit(1);
  const actorId = last?.actor ?? (typeof row.updated_by === "number" ? row.updated_by : null);
  let name = "another user";
  if (actorId != null) {
    const [u] = await db
      .select({
        user_name: users.user_name,
        first: users.first_name,
        last: users.last_name,
        email: users.email,
      })
      .from(users)
      .where(eq(users.id, actorId))
      .limit(1);
    if (u)
      name = u.user_name?.trim() || [u.first, u.last].filter(Boolean).join(" ").trim() || u.email || name;
  }
  const version = versionOf(row);
  const at = version ? ` at ${formatDateTime(version)}` : "";
  return new StaleVersion(`This record was changed by ${name}${at}.`, version);
}
