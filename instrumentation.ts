/** Runs once when the server starts: opens and migrates the database and seeds an empty one. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { bootstrap } = await import("./db/seed");
  await bootstrap();
  // Old login attempts and spent rate-limit windows are pruned at start and every hour (each instance does it;
  // the deletes are idempotent).
  const { pruneLoginAttempts } = await import("./lib/platform/passwords");
  const { pruneRateLimits } = await import("./lib/platform/rate-limit");
  const { asPlatform } = await import("./lib/platform/rls");
  const prune = () =>
    asPlatform("prune sign-in attempts and rate limits", () =>
      Promise.all([pruneLoginAttempts(), pruneRateLimits()]),
    ).catch((e) => console.error("[prune]", e));
  void prune();
  setInterval(prune, 60 * 60_000).unref();
  // KYC expiry reminders and validity past expiry, hourly (advisory-locked across instances; off with KYC_SWEEP=0).
  const { startKycExpirySweep } = await import("./lib/franchise/kyc-expiry");
  startKycExpirySweep();
}
