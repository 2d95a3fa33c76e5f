import "server-only";
import { lt, sql } from "drizzle-orm";
import { rateLimits } from "@/db/schema";
import { getDb } from "./db";
import { AppError } from "./errors";

/**
 * Request budgets kept in PostgreSQL, so that every instance behind a load balancer shares them: a fixed window
 * per key, counted with one atomic INSERT ... ON CONFLICT (the statement rate-limiter-flexible's SQL stores run;
 * its Drizzle store imports drizzle-orm by a computed name the bundler cannot follow, and its Postgres store wants
 * `pg` or knex, so the same statement lives here).
 */
export type Budget = { points: number; seconds: number };

/** 429 with the seconds until the window ends (dispatch and the actions send them as Retry-After). */
export class TooManyRequests extends AppError {
  constructor(
    public retryAfter: number,
    message = tooManyMessage(retryAfter),
  ) {
    super(429, message);
  }
}

export function tooManyMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60
    ? `Too many attempts. Try again in ${seconds} seconds.`
    : `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/**
 * The budgets (README, "Security"). Per client address and overall for the public doors, per bearer token for
 * /api. RATE_LIMIT_SCALE multiplies every budget (test servers that sign in many times from one address).
 */
export const BUDGETS = {
  login: { address: { points: 30, seconds: 60 }, overall: { points: 600, seconds: 60 } },
  forgot: { address: { points: 10, seconds: 600 }, overall: { points: 300, seconds: 60 } },
  code: { address: { points: 30, seconds: 600 }, overall: { points: 600, seconds: 60 } },
  api: { token: { points: 600, seconds: 60 } },
} as const;

const scaled = (b: Budget): Budget => ({
  points: Math.max(1, Math.round(b.points * Number(process.env.RATE_LIMIT_SCALE ?? 1))),
  seconds: b.seconds,
});

/** Counts a call to a public door (login, forgot-password, the reset-code check) per address and overall. */
export async function throttleDoor(door: "login" | "forgot" | "code", address: string): Promise<void> {
  const b = BUDGETS[door];
  await consume(...(address ? [[`${door}:ip:${address}`, scaled(b.address)] as [string, Budget]] : []), [
    `${door}:all`,
    scaled(b.overall),
  ]);
}

/** The budget of one bearer token's /api calls (counted in the caller's own statement: lib/platform/context.ts). */
export const apiTokenBudget = (): Budget => scaled(BUDGETS.api.token);

/** Counts one request against each budget; throws TooManyRequests when any is spent. */
export async function consume(...checks: [key: string, budget: Budget][]): Promise<void> {
  const db = await getDb();
  let wait = 0;
  for (const [key, b] of checks) {
    const [row] = await db
      .insert(rateLimits)
      .values({
        key: key.slice(0, 200),
        points: 1,
        expires_at: sql`now() + make_interval(secs => ${b.seconds})`,
      })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          points: sql`CASE WHEN ${rateLimits.expires_at} <= now() THEN 1 ELSE ${rateLimits.points} + 1 END`,
          expires_at: sql`CASE WHEN ${rateLimits.expires_at} <= now() THEN excluded.expires_at ELSE ${rateLimits.expires_at} END`,
        },
      })
      .returning({
        points: rateLimits.points,
        left: sql<number>`ceil(extract(epoch from ${rateLimits.expires_at} - now()))::int`,
      });
    if (row.points > b.points) wait = Math.max(wait, Math.max(1, row.left));
  }
  if (wait) throw new TooManyRequests(wait);
}

/** Removes spent windows (and is cheap to call often: the expiry index makes it a range delete). */
export async function pruneRateLimits(): Promise<void> {
  const db = await getDb();
  await db.delete(rateLimits).where(lt(rateLimits.expires_at, sql`now()`));
}
