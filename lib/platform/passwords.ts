import "server-only";
import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import { loginAttempts, users } from "@/db/schema";
import { getDb, rowsOf, type Executor } from "./db";
import { admitBrake, releaseBrake, TooManyRequests } from "./rate-limit";

// argon2id (the library's algorithm 2) with OWASP's minimum memory and time cost.
const ARGON = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** The spec's password rule, word for word, as the message users see. */
export const PASSWORD_RULE =
  "Password must be at least 8 characters, with at least 1 uppercase, 1 lowercase, 1 digit and 1 special character from * & $ @ # ! + -";

export const passwordSchema = z
  .string()
  .min(8, PASSWORD_RULE)
  .max(128, "Password must be at most 128 characters.")
  .regex(/[A-Z]/, PASSWORD_RULE)
  .regex(/[a-z]/, PASSWORD_RULE)
  .regex(/[0-9]/, PASSWORD_RULE)
  .regex(/[*&$@#!+\-]/, PASSWORD_RULE);

export function hashPassword(plain: string): Promise<string> {
  return hash(plain, ARGON);
}

/**
 * The stored "hash" of an account whose password nobody knows yet (users created by a form or a bulk upload set
 * theirs through forgot-password). It is not an argon2 hash, so no password ever matches it, and it costs no
 * hashing time (a bulk upload creates thousands). The random part keeps rows distinct.
 */
export function unusablePassword(): string {
  return `!unset:${randomBytes(16).toString("hex")}`;
}

/** Writes a user's new password hash and ends all their sessions (session version), in the caller's transaction. */
export async function writePassword(db: Executor, userId: number, hash: string, updatedBy?: number) {
  await db
    .update(users)
    .set({
      password_hash: hash,
      session_version: sql`${users.session_version} + 1`,
      updated_at: new Date(),
      ...(updatedBy ? { updated_by: updatedBy } : {}),
    })
    .where(eq(users.id, userId));
}

let dummy: Promise<string> | undefined;
/** Verifies a password; with no usable hash (unknown account, unset password) it still spends the same time. */
export async function verifyPassword(stored: string | null | undefined, plain: string): Promise<boolean> {
  if (!stored || !stored.startsWith("$argon2")) {
    dummy ??= hashPassword("not-a-real-password-Aa1!");
    await verify(await dummy, plain).catch(() => false);
    return false;
  }
  return verify(stored, plain).catch(() => false);
}

/**
 * The lockout (README, "Security"). Failures count per account and client address pair: 5 within 15 minutes lock
 * that pair, so an attacker guessing from elsewhere cannot lock the owner out of their own address. Per account
 * from all addresses together the limit is much higher (50: a distributed guess still stops), and per address
 * across all accounts 20 failures (password spraying) answer 429 until the window passes. A success ends the
 * pair's count; a password reset ends the account's. An address the account signed in from lately is exempt from
 * the account-wide limit, so a distributed attacker cannot keep the owner out of their usual place either, and
 * from the instance-wide brake on verified failures (`BUDGETS.*.brake` in lib/platform/rate-limit.ts).
 */
export const LOCKOUT = {
  maxFailures: 5,
  accountMaxFailures: 50,
  addressMaxFailures: 20,
  windowMinutes: 15,
  /** An address the account signed in from within this many days is exempt from the account-wide limit. */
  knownAddressDays: 30,
};

export type AttemptKind = "web" | "api" | "reset";

/** Thrown while a pair, an account or an address is locked: 429 with the seconds until it opens. */
export class LockedOut extends TooManyRequests {}

/**
 * One attempt against an account, race-free: the attempt is recorded as a failure BEFORE anything is verified and
 * the failures are counted after it, so of any burst sent at once at most `maxFailures` reach `verify` (each one
 * sees at least the attempts committed before its own). `verify` answers whether the secret is right; a right one
 * turns the recorded failure into a success. Throws LockedOut while locked; answers verify's verdict otherwise.
 */
export async function guardedAttempt(
  email: string,
  address: string,
  kind: AttemptKind,
  verify: () => Promise<boolean>,
): Promise<boolean> {
  const db = await getDb();
  const key = email.trim().toLowerCase().slice(0, 200);
  const ip = address.slice(0, 64);
  const [mine] = await db
    .insert(loginAttempts)
    .values({ email: key, kind, success: false, ip })
    .returning({ id: loginAttempts.id });
  const window = sql`now() - make_interval(mins => ${LOCKOUT.windowMinutes})`;
  // Failures since the window began or the last success (of the pair / of a reset for the account).
  const rows = rowsOf<{
    pair: number;
    account: number;
    address: number;
    known: boolean;
    oldest: Date | null;
  }>(
    await db.execute(sql`
      with since as (
        select
          greatest(${window}, coalesce(max(created_at) filter (where ip = ${ip}), '-infinity')) as pair_from,
          greatest(${window}, coalesce(max(created_at) filter (where kind = 'reset'), '-infinity')) as account_from
        from ${loginAttempts}
        where email = ${key} and success and created_at > ${window}
      )
      select
        (select count(*)::int from ${loginAttempts}, since
          where email = ${key} and ip = ${ip} and not success and created_at > since.pair_from) as pair,
        (select count(*)::int from ${loginAttempts}, since
          where email = ${key} and not success and created_at > since.account_from) as account,
        (select count(*)::int from ${loginAttempts}
          where ip = ${ip} and ${ip} <> '' and not success and created_at > ${window}) as address,
        exists(select 1 from ${loginAttempts}
          where email = ${key} and ip = ${ip} and success
            and created_at > now() - make_interval(days => ${LOCKOUT.knownAddressDays})) as known,
        (select min(created_at) from ${loginAttempts}
          where (email = ${key} or (ip = ${ip} and ${ip} <> '')) and not success and created_at > ${window}) as oldest
    `),
  );
  const c = rows[0];
  const locked =
    c.pair > LOCKOUT.maxFailures ||
    (!c.known && c.account > LOCKOUT.accountMaxFailures) ||
    c.address > LOCKOUT.addressMaxFailures;
  if (locked) {
    const opensAt = new Date(c.oldest ?? Date.now()).getTime() + LOCKOUT.windowMinutes * 60_000;
    throw new LockedOut(Math.max(1, Math.ceil((opensAt - Date.now()) / 1000)));
  }
  // The instance-wide brake (lib/platform/rate-limit.ts): only attempts about to be verified take from it, and an
  // address the account signed in from lately neither takes nor is stopped. A braked attempt was never verified,
  // so it is no failure either: its row goes, and a user braked while retrying is not locked out afterwards.
  const door = kind === "reset" ? "code" : "login";
  if (!c.known) {
    try {
      await admitBrake(door);
    } catch (e) {
      await db.delete(loginAttempts).where(eq(loginAttempts.id, mine.id));
      throw e;
    }
  }
  const ok = await verify();
  if (ok) {
    await db.update(loginAttempts).set({ success: true }).where(eq(loginAttempts.id, mine.id));
    if (!c.known) await releaseBrake(door);
  }
  return ok;
}

/** Whether the account signed in (or checked a reset code) from this address within LOCKOUT.knownAddressDays. */
export async function isKnownAddress(email: string, address: string): Promise<boolean> {
  const db = await getDb();
  const rows = rowsOf<{ known: boolean }>(
    await db.execute(sql`
      select exists(select 1 from ${loginAttempts}
        where email = ${email.trim().toLowerCase().slice(0, 200)} and ip = ${address.slice(0, 64)} and success
          and created_at > now() - make_interval(days => ${LOCKOUT.knownAddressDays})) as known`),
  );
  return rows[0]?.known === true;
}

/** Drops failures older than a day (the window is 15 minutes) and successes past the known-address period. */
export async function pruneLoginAttempts(): Promise<void> {
  const db = await getDb();
  await db.execute(sql`
    delete from ${loginAttempts}
    where created_at < now() - interval '1 day'
      and (not success or created_at < now() - make_interval(days => ${LOCKOUT.knownAddressDays}))`);
}
