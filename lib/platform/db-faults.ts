import "server-only";
import { isDatabaseUnavailable, reconnectDelayMs } from "./db";

/**
 * The database went away (issue 24). postgres.js keeps queries queued while its connections reconnect: with
 * PostgreSQL stopped, a request could wait through the whole outage (the issue measured requests hanging to a
 * client's 15 s timeout). When an error says the database cannot be reached, the pool is let go: its queued queries
 * are rejected within its close timeout (a 503 each), calls within the reconnect backoff (lib/platform/db.ts
 * reconnectDelayMs, at most DB_RECONNECT_MAX_SECONDS) fail at once, and the next call after it opens a new pool.
 * Only for PostgreSQL: PGlite has no server to lose.
 */
type Holder = { db: Promise<unknown>; close: () => Promise<void>; url?: string };
const g = globalThis as unknown as {
  __portalDb?: Holder;
  __portalDbRetry?: { at: number; failures: number; error: unknown };
  __portalNoteDbError?: (e: unknown) => boolean;
};

/** Answers whether `e` means the database cannot be reached, and if so lets the pool go (once per outage). */
export function noteDatabaseError(e: unknown): boolean {
  if (!isDatabaseUnavailable(e)) return false;
  const h = g.__portalDb;
  if (h?.url) {
    g.__portalDb = undefined;
    const failures = (g.__portalDbRetry?.failures ?? 0) + 1;
    g.__portalDbRetry = { at: Date.now() + reconnectDelayMs(failures), failures, error: e };
    void h.close().catch(() => {});
  }
  return true;
}

// instrumentation.ts onRequestError reaches it through globalThis (it must not import server code).
g.__portalNoteDbError = noteDatabaseError;
