import "server-only";
import { eq } from "drizzle-orm";
import { auditRecords, users } from "@/db/schema";
import { getDb, type Executor } from "./db";
import { asPlatform } from "@/lib/platform/rls";

/**
 * Sign-in events that are not edits of a record but belong in the account's history: a password reset (by
 * mailed code), a password change, a logout (portal or /api). Written as audit records of the user, the user as
 * actor, with the client address; never a secret.
 */
export type AccountEvent = "password_reset" | "password_change" | "logout";

async function recordAccountEventUnbound(
  userId: number,
  event: AccountEvent,
  detail: { address?: string; via?: "portal" | "api" } = {},
  db?: Executor,
): Promise<void> {
  const x = db ?? (await getDb());
  const [u] = await x.select({ company_id: users.company_id }).from(users).where(eq(users.id, userId));
  await x.insert(auditRecords).values({
    company_id: u?.company_id ?? null,
    actor_id: userId,
    entity: "users",
    entity_id: userId,
    action: event,
    old_json: null,
    new_json: {
      ...(detail.via ? { via: detail.via } : {}),
      ...(detail.address ? { address: detail.address } : {}),
    },
  });
}

/** RecordAccountEvent, as platform work (row-level security, lib/platform/rls.ts). */
export const recordAccountEvent: typeof recordAccountEventUnbound = (...args) =>
  asPlatform("account event", () => recordAccountEventUnbound(...args));
