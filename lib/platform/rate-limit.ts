import "server-only";
import { and, eq, gt, lt, sql } from "drizzle-orm";
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
 * The budgets (README, "Security"). Each public door has a budget per client address, checked first: a request the
 * address budget refuses goes no further and counts towards nothing else, so one address cannot spend a budget
 * that other addresses need. Behind it each door has an instance-wide brake that counts only what reached the real
 * work from an address the account has not signed in from lately (`brake`, see `admitBrake`):
 * - login: wrong passwords that were verified (a distributed guess slows to this many a minute, and so does the
 *   argon2 work it costs);
 * - code: wrong reset codes that were checked (the brake is what makes guessing 10-digit codes hopeless: README);
 * - forgot: requests that reached the account lookup (each may mail a code).
 * RATE_LIMIT_SCALE multiplies every budget (test servers that sign in many times from one address).
 */
export const BUDGETS = {
  login: { address: { points: 30, seconds: 60 }, brake: { points: 300, seconds: 60 } },
  forgot: { address: { points: 10, seconds: 600 }, brake: { points: 300, seconds: 60 } },
  code: { address: { points: 30, seconds: 600 }, brake: { points: 60, seconds: 60 } },
  api: { token: { points: 600, seconds: 60 } },
} as const;

export type Door = "login" | "forgot" | "code";

const scaled = (b: Budget): Budget => ({
  points: Math.max(1, Math.round(b.points * Number(process.env.RATE_LIMIT_SCALE ?? 1))),
  seconds: b.seconds,
});

/**
 * Counts a call to a public door against its client address's budget, and only that: the door's instance-wide
 * brake is taken later, by what reaches the real work (`admitBrake`). Without an address (a caller outside the
 * portal's server, tests) there is no address budget.
 */
export async function throttleDoor(door: Door, address: string): Promise<void> {
  if (address) await consume([`${door}:ip:${address}`, scaled(BUDGETS[door].address)]);
}

const brakeKey = (door: Door) => `${door}:brake`;

/**
 * Takes one unit of a door's instance-wide brake, atomically and only while some is left: a refused call adds
 * nothing, so the brake lifts when its window ends however long the refused calls go on. Throws TooManyRequests
 * (with the seconds until the window ends) when the brake is spent. Callers exempt addresses the account signed
 * in from lately, and give the unit back (`releaseBrake`) when the attempt turns out right.
 */
export async function admitBrake(door: Door): Promise<void> {
  const b = scaled(BUDGETS[door].brake);
  const db = await getDb();
  const key = brakeKey(door);
  const taken = await db
    .insert(rateLimits)
    .values({ key, points: 1, expires_at: sql`now() + make_interval(secs => ${b.seconds})` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        points: sql`CASE WHEN ${rateLimits.expires_at} <= now() THEN 1 ELSE ${rateLimits.points} + 1 END`,
        expires_at: sql`CASE WHEN ${rateLimits.expires_at} <= now() THEN excluded.expires_at ELSE ${rateLimits.expires_at} END`,
      },
      setWhere: sql`${rateLimits.expires_at} <= now() OR ${rateLimits.points} < ${b.points}`,
    })
    .returning({ points: rateLimits.points });
  if (taken.length) return;
  const [row] = await db
    .select({ left: sql<number>`ceil(extract(epoch from ${rateLimits.expires_at} - now()))::int` })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  throw new TooManyRequests(Math.max(1, row?.left ?? 1));
}

/** Gives back a unit of the brake taken by an attempt that turned out right (within the same window only). */
export async function releaseBrake(door: Door): Promise<void> {
  const db = await getDb();
  await db
    .update(rateLimits)
    .set({ points: sql`${rateLimits.points} - 1` })
    .where(
      and(
        eq(rateLimits.key, brakeKey(door)),
        gt(rateLimits.points, 0),
        gt(rateLimits.expires_at, sql`now()`),
      ),
    );
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
