import "server-only";
import { and, asc, eq, isNull } from "drizzle-orm";
import { states } from "@/db/schema";
import { getDb, type Executor } from "@/lib/platform/db";
import type { FieldErrors } from "@/lib/platform/errors";

/** One state as the masters answer it (spec 001 §3: states {id, description}). */
export type StateOption = { id: number; description: string };

/** The states a form offers: live, active states (global rows), by description. */
export async function stateOptions(db?: Executor): Promise<StateOption[]> {
  const x = db ?? (await getDb());
  return x
    .select({ id: states.id, description: states.description })
    .from(states)
    .where(and(isNull(states.deleted_at), eq(states.is_active, 1)))
    .orderBy(asc(states.description), asc(states.id));
}

/** The message of a state that is not a live, active state. */
export const STATE_INVALID = "The selected state is invalid.";

/**
 * A state chosen on a save must be one the form offers (live and active); otherwise a 422 on `field`. A record
 * keeps a state that was deactivated later as long as the save does not change it (the caller checks only a
 * changed state).
 */
export async function checkState(db: Executor, id: number, errors: FieldErrors, field = "state") {
  const [hit] = await db
    .select({ id: states.id })
    .from(states)
    .where(and(eq(states.id, id), isNull(states.deleted_at), eq(states.is_active, 1)))
    .limit(1);
  if (!hit) errors[field] ??= STATE_INVALID;
}

/**
 * The options of a form editing a record: the states offered, plus the record's own state when it is no longer
 * offered (deactivated since), so the form shows it and a save that keeps it passes.
 */
export async function stateOptionsWith(current: number | null): Promise<StateOption[]> {
  const offered = await stateOptions();
  if (current == null || offered.some((s) => s.id === current)) return offered;
  const db = await getDb();
  const [own] = await db
    .select({ id: states.id, description: states.description })
    .from(states)
    .where(eq(states.id, current));
  return own ? [...offered, own] : offered;
}
