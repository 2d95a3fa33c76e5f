import "server-only";
import { auditRecords } from "@/db/schema";
import { sql } from "drizzle-orm";
import { isPlatformAdmin, type Ctx } from "./context";
import type { Tx } from "./db";
import { noteDatabaseError, UNAVAILABLE_MESSAGE } from "./db-faults";
import { AlreadyReported, AppError, type FieldErrors } from "./errors";
import { audit as auditPlatform, settings } from "./rls";
import { StaleVersion } from "./versions";

/** What an audit record names: the change's kind. */
export type AuditAction = "create" | "update" | "delete" | "restore" | "process" | "discard";

export type AuditEntry = {
  entity: string;
  entityId: number;
  action: AuditAction;
  before: unknown;
  after: unknown;
  /** The record's own company (default: the acting company). */
  companyId?: number | null;
};

/** Writes one audit record (old and new values, secrets removed) in the caller's transaction, for changes made outside the entity builders and `decide`. */
export async function writeAudit(tx: Tx, ctx: Ctx, e: AuditEntry): Promise<void> {
  await writeAudits(tx, ctx, [e]);
}

/** Many audit records in one statement (a bulk upload's). */
export async function writeAudits(tx: Tx, ctx: Ctx, entries: AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  const rows = entries.map((e) => ({
    company_id: e.companyId !== undefined ? e.companyId : ctx.companyId,
    actor_id: ctx.userId,
    entity: e.entity,
    entity_id: e.entityId,
    action: e.action,
    old_json: toJson(e.before),
    new_json: toJson(e.after),
  }));
  // Changes to platform records (a role, a module) are recorded under no company, and a platform admin's (a
  // company) under that record's company, whichever company the caller acts for: written as platform work
  // (row-level security, lib/platform/rls.ts).
  const crossing = rows.some(
    (r) => r.company_id !== ctx.companyId && (r.company_id == null || isPlatformAdmin(ctx)),
  );
  if (crossing) {
    auditPlatform(`${ctx.roleName}: audit of a platform record`);
    await tx.execute(sql`select set_config('app.platform', 'on', true)`);
  }
  await tx.insert(auditRecords).values(rows);
  if (crossing) await tx.execute(sql`select set_config('app.platform', ${settings()[2]}, true)`);
}

// Secrets never reach the audit trail.
const HIDDEN = new Set(["password_hash", "password", "password_confirmation", "soft_password", "token_hash"]);
function toJson(v: unknown): unknown {
  if (v == null) return null;
  return JSON.parse(JSON.stringify(v, (k, val) => (HIDDEN.has(k) ? undefined : val)));
}

/** The typed answer of a server action. */
export type ActionResult<T = undefined> =
  | { ok: true; data: T }
  | {
      ok: false;
      status: number;
      message: string;
      fieldErrors?: FieldErrors;
      /** A 208's popup title (AlreadyReported); the message is its sub-title. */
      title?: string;
      /** A 409 of a stale save (StaleVersion): the record's current version, to save over it knowingly. */
      version?: string;
    };

/** Runs an action body and turns AppError (and anything unexpected) into an ActionResult; no stack reaches the browser. */
export async function toActionResult<T>(fn: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await fn() };
  } catch (e) {
    if (e instanceof AlreadyReported) return { ok: false, status: 208, message: e.message, title: e.title };
    if (e instanceof StaleVersion)
      return { ok: false, status: 409, message: e.message, ...(e.version ? { version: e.version } : {}) };
    if (e instanceof AppError)
      return { ok: false, status: e.status, message: e.message, fieldErrors: e.fieldErrors };
    if (isNextControlFlow(e)) throw e;
    // The database cannot be reached: say so (503), as /api and pages do, rather than "Something went wrong".
    if (noteDatabaseError(e)) return { ok: false, status: 503, message: UNAVAILABLE_MESSAGE };
    console.error("[action]", e);
    return { ok: false, status: 500, message: "Something went wrong. Please try again." };
  }
}

/** redirect() and notFound() throw errors Next must see. */
export function isNextControlFlow(e: unknown): boolean {
  const d = (e as { digest?: unknown })?.digest;
  return (
    typeof d === "string" &&
    (d.startsWith("NEXT_REDIRECT") || d.startsWith("NEXT_HTTP_ERROR_FALLBACK") || d === "NEXT_NOT_FOUND")
  );
}
