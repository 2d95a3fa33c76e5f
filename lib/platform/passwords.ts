import "server-only";
import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { and, desc, eq, gt, sql } from "drizzle-orm";
import { z } from "zod";
import { loginAttempts } from "@/db/schema";
import { getDb } from "./db";

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

/** Failures allowed per account within the window before it locks for the rest of the window. */
export const LOCKOUT = { maxFailures: 5, windowMinutes: 15 };

/** True when the account (by email, known or not) has too many recent failures: shared by web login, /api/login and reset. */
export async function isLockedOut(email: string): Promise<boolean> {
  const db = await getDb();
  const key = email.trim().toLowerCase();
  const since = new Date(Date.now() - LOCKOUT.windowMinutes * 60_000);
  const [lastOk] = await db
    .select({ at: loginAttempts.created_at })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.email, key), eq(loginAttempts.success, true), gt(loginAttempts.created_at, since)),
    )
    .orderBy(desc(loginAttempts.created_at))
    .limit(1);
  const from = lastOk && lastOk.at > since ? lastOk.at : since;
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(loginAttempts)
    .where(
      and(eq(loginAttempts.email, key), eq(loginAttempts.success, false), gt(loginAttempts.created_at, from)),
    );
  return n >= LOCKOUT.maxFailures;
}

export async function recordAttempt(
  email: string,
  kind: "web" | "api" | "reset",
  success: boolean,
): Promise<void> {
  const db = await getDb();
  await db.insert(loginAttempts).values({ email: email.trim().toLowerCase().slice(0, 200), kind, success });
}
