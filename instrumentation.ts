/**
 * Runs once when the server starts: opens and migrates the database, seeds an empty one, starts the hourly jobs.
 * The database down at start (issue 24): the hook still returns (Next would keep a failed hook and answer 500 to
 * every request until restarted), the server listens, every request but liveness answers 503 (scripts/server.mjs,
 * while `__portalBooted` is false), and the bootstrap is retried with the database's reconnect backoff until it
 * succeeds: the same process then serves. Any other failure (a migration that fails) ends the process non-zero.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const g = globalThis as unknown as { __portalBooted?: boolean };
  g.__portalBooted = false;
  const { bootstrap } = await import("./lib/seed");
  const { isDatabaseUnavailable, reconnectDelayMs } = await import("./lib/platform/db");
  const boot = async (failures: number): Promise<void> => {
    try {
      await bootstrap();
    } catch (e) {
      if (!isDatabaseUnavailable(e)) {
        console.error("[bootstrap] failed: exiting", e);
        process.exit(1);
      }
      if (failures === 0) console.warn("[bootstrap] the database cannot be reached: answering 503, retrying");
      setTimeout(() => void boot(failures + 1), reconnectDelayMs(failures + 1));
      return;
    }
    if (failures > 0) console.warn(`[bootstrap] done after ${failures} failed attempts: serving`);
    g.__portalBooted = true;
    await startJobs();
  };
  await boot(0);
}

/** The hourly jobs, once the database is bootstrapped. */
async function startJobs() {
  // Each function with node-only imports says so itself: the edge bundle drops what follows this line only.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.SCHEDULER === "0") return;
  // One scheduler for the periodic jobs (lib/platform/scheduler.ts): each once per period across instances.
  const HOUR = 60 * 60_000;
  const { scheduler } = await import("./lib/platform/scheduler");
  const { pruneLoginAttempts } = await import("./lib/platform/passwords");
  const { pruneRateLimits } = await import("./lib/platform/rate-limit");
  const { sweepOrphanFiles } = await import("./lib/platform/file-sweep");
  const jobs = scheduler()
    // Old login attempts and spent rate-limit windows.
    .register({
      name: "prune-login-attempts",
      everyMs: HOUR,
      run: () => Promise.all([pruneLoginAttempts(), pruneRateLimits()]),
    })
    // Stored files no record names, past the grace period (FILE_SWEEP_GRACE_HOURS).
    .register({ name: "orphan-files", everyMs: HOUR, run: () => sweepOrphanFiles() });
  // KYC expiry reminders and validity past expiry (off with KYC_SWEEP=0).
  if (process.env.KYC_SWEEP !== "0") {
    const { sweepKycExpiry, KYC_SWEEP_HOURS } = await import("./lib/franchise/kyc-expiry");
    jobs.register({
      name: "kyc-expiry",
      everyMs: KYC_SWEEP_HOURS * HOUR,
      run: () => sweepKycExpiry(new Date()),
    });
  }
  jobs.start();
}

/**
 * A page, server action or route handler that failed because the database cannot be reached: the request is marked,
 * and the server answers 503 with Retry-After instead of 500 (scripts/server.mjs); the page shown is the friendly
 * "temporarily unavailable" one (app/error.tsx, app/global-error.tsx).
 */
export function onRequestError(error: unknown) {
  // Synchronous, through what lib/platform/db.ts, db-faults.ts and logger.mjs put on globalThis: the mark must be set
  // before the error's answer is written, and this file is also built for the edge, where none may be imported.
  const g = globalThis as unknown as {
    __portalNoteDbError?: (e: unknown) => boolean;
    __portalIsDbUnavailable?: (e: unknown) => boolean;
    __portalRequests?: { getStore(): { dbUnavailable?: boolean } | undefined };
  };
  const unavailable = g.__portalNoteDbError ?? g.__portalIsDbUnavailable;
  if (!unavailable?.(error)) return;
  const r = g.__portalRequests?.getStore();
  if (r) r.dbUnavailable = true;
}
