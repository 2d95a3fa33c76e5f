import "server-only";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { getDb, rowsOf } from "./db";
import { noteDatabaseError } from "./db-faults";
import { getStorage } from "./storage";

// Liveness and readiness (issue 24), for a supervisor, a load balancer or Kubernetes probes. Neither needs a login and
// neither tells versions, hosts or errors: a check is "ok" or "unavailable", migrations "current" or "behind".

export type Readiness = {
  ready: boolean;
  checks: {
    database: "ok" | "unavailable";
    migrations: "current" | "behind" | "unknown";
    storage: "ok" | "unavailable";
  };
};

/** How long a readiness check may take before it counts as down (the database answers within a second). */
export const READY_TIMEOUT_MS = 1_000;

function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

/** The migrations this build ships (drizzle's journal). */
function shippedMigrations(): number {
  const journal = path.join(process.cwd(), "db", "migrations", "meta", "_journal.json");
  return (JSON.parse(fs.readFileSync(journal, "utf8")) as { entries: unknown[] }).entries.length;
}

/** The database answers, has every migration of this build, and the file storage answers. */
export async function readiness(timeoutMs = READY_TIMEOUT_MS): Promise<Readiness> {
  const checks: Readiness["checks"] = {
    database: "unavailable",
    migrations: "unknown",
    storage: "unavailable",
  };
  await Promise.all([
    within(
      (async () => {
        const db = await getDb();
        const [row] = rowsOf<{ n: number }>(
          await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
        );
        checks.database = "ok";
        checks.migrations = Number(row?.n ?? 0) >= shippedMigrations() ? "current" : "behind";
      })(),
      timeoutMs,
    ).catch((e) => void noteDatabaseError(e)),
    within(getStorage().get("health/readiness-probe"), timeoutMs)
      .then(() => {
        checks.storage = "ok";
      })
      .catch(() => {}),
  ]);
  return {
    ready: checks.database === "ok" && checks.migrations === "current" && checks.storage === "ok",
    checks,
  };
}
