import "server-only";
import { createHmac, randomInt } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { passwordResets, users } from "@/db/schema";
import { revokeAllApiTokens } from "./api-tokens";
import { serverSecret } from "./config";
import { getDb } from "./db";
import { invalid, zodFieldErrors } from "./errors";
import { sendMail } from "./mail";
import { recordAccountEvent } from "./account-events";
import { guardedAttempt, hashPassword, isKnownAddress, passwordSchema, writePassword } from "./passwords";
import { admitBrake, throttleDoor } from "./rate-limit";
import { asPlatform } from "@/lib/platform/rls";

export const RESEND_SECONDS = 60;
const CODE_TTL_MINUTES = 15;
/**
 * Reset codes are 10 digits (as long as an Indian mobile number). Guessing is held to the code brake's checks a
 * minute across the instance (BUDGETS.code.brake, 60): at that rate, without pause, one account is expected to fall
 * every 10^10 / (60 * 60 * 24 * 365) = 317 years; with 6 digits and 600 checks a minute it was about one a day.
 */
export const CODE_DIGITS = 10;
export const CODE_INVALID = "The verification code is invalid or has expired.";
export const PASSWORD_CHANGED = "Your password has been changed successfully";

export const emailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, "The email field is required.")
    .email("The email must be a valid email address.")
    .max(200),
});
export const codeSchema = emailSchema.extend({
  otp: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${CODE_DIGITS}}$`), `The verification code must be ${CODE_DIGITS} digits.`),
});
export const resetSchema = codeSchema
  .extend({ password: passwordSchema, soft_password: z.string() })
  .refine((v) => v.password === v.soft_password, {
    path: ["soft_password"],
    message: "Passwords do not match.",
  });

const hashCode = (userId: number, code: string) =>
  createHmac("sha256", `reset:${serverSecret()}`).update(`${userId}:${code}`).digest("hex");

function parse<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input);
  if (!r.success) throw invalid(zodFieldErrors(r.error.issues));
  return r.data;
}

async function findUser(email: string) {
  const db = await getDb();
  const [u] = await db
    .select({ id: users.id, email: users.email, first_name: users.first_name })
    .from(users)
    .where(
      and(
        eq(users.id, sql`app_user_id_by_email(${email.toLowerCase()})`),
        isNull(users.deleted_at),
        eq(users.is_active, 1),
      ),
    )
    .limit(1);
  return u;
}

/** Step 1 answers no sooner than this, found or not, so its timing tells nothing (the work takes far less). */
const STEP1_FLOOR_MS = 300;

/**
 * Step 1: mails a 10-digit code. Answers the same whether or not the account exists, and after the same time: the
 * work (a code row and an outbox row; SMTP delivery happens after the answer) is padded to STEP1_FLOOR_MS.
 * Throttled per address first; what the address budget lets through takes from the instance-wide forgot brake,
 * except from an address the account signed in from lately (an unknown email is never such an address, so a
 * braked answer says nothing about whether the email exists).
 */
async function sendResetCodeUnbound(input: unknown, address = ""): Promise<{ message: string }> {
  const { email } = parse(emailSchema, input);
  await throttleDoor("forgot", address);
  const started = Date.now();
  const message = "If this email belongs to an account, a verification code has been sent to it.";
  const floor = () => new Promise((r) => setTimeout(r, Math.max(0, started + STEP1_FLOOR_MS - Date.now())));
  const u = await findUser(email);
  // The same queries for an unknown email as for a known one, and the same floor for a braked answer.
  if (!(await isKnownAddress(email, address)))
    await admitBrake("forgot").catch(async (e) => {
      await floor();
      throw e;
    });
  if (u) await issueCode(u);
  await floor();
  return { message };
}

/**
 * A new account's first password (a franchisee's admin): a welcome mail with a code for the forgot-password screen.
 * No door throttle (the caller is the admin creating the account, not the account's owner).
 */
async function sendWelcomeCodeUnbound(email: string, account: string): Promise<void> {
  const u = await findUser(email);
  if (!u) return;
  await issueCode(u, (code) => ({
    subject: `Your ${account} account is ready`,
    text: `Hello ${u.first_name},\n\nAn account has been made for you: ${account}. To choose your password, open the portal's "Forgot password" screen, enter this email and the code ${code} (valid for ${CODE_TTL_MINUTES} minutes; after that, ask for a new code on the same screen).`,
  }));
}

async function issueCode(
  u: { id: number; email: string; first_name: string },
  mail: (code: string) => { subject: string; text: string } = (code) => ({
    subject: "Your password reset code",
    text: `Hello ${u.first_name},\n\nYour verification code is ${code}. It is valid for ${CODE_TTL_MINUTES} minutes.\n\nIf you did not ask to reset your password, ignore this mail.`,
  }),
) {
  const db = await getDb();
  const [last] = await db
    .select({ at: passwordResets.created_at })
    .from(passwordResets)
    .where(eq(passwordResets.user_id, u.id))
    .orderBy(desc(passwordResets.created_at))
    .limit(1);
  if (last && Date.now() - last.at.getTime() < RESEND_SECONDS * 1000) return;
  const code = Array.from({ length: CODE_DIGITS }, () => randomInt(0, 10)).join("");
  await db.insert(passwordResets).values({
    user_id: u.id,
    code_hash: hashCode(u.id, code),
    expires_at: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
  });
  await sendMail({ to: u.email, ...mail(code) });
}

/**
 * Checks a code: one guarded attempt against the account (race-free, counted with login failures), so a burst of
 * guesses gets at most the lockout's few through. Locked answers 429 with when to retry, not "invalid".
 */
async function checkCode(email: string, otp: string, address: string) {
  await throttleDoor("code", address);
  const u = await findUser(email);
  const db = await getDb();
  let row: typeof passwordResets.$inferSelect | undefined;
  const ok = await guardedAttempt(email, address, "reset", async () => {
    [row] = u
      ? await db
          .select()
          .from(passwordResets)
          .where(
            and(
              eq(passwordResets.user_id, u.id),
              isNull(passwordResets.used_at),
              gt(passwordResets.expires_at, new Date()),
            ),
          )
          .orderBy(desc(passwordResets.created_at))
          .limit(1)
      : [];
    return !!u && !!row && row.code_hash === hashCode(u.id, otp);
  });
  if (!ok) throw invalid({ otp: CODE_INVALID });
  return { user: u!, row: row! };
}

/** Step 1 → 2: the code is right. */
async function verifyResetCodeUnbound(input: unknown, address = ""): Promise<{ message: string }> {
  const { email, otp } = parse(codeSchema, input);
  const { row } = await checkCode(email, otp, address);
  const db = await getDb();
  await db.update(passwordResets).set({ verified_at: new Date() }).where(eq(passwordResets.id, row.id));
  return { message: "The verification code is correct." };
}

/** Step 2 → 3: sets the new password, ends every session and token of the account, and records the reset. */
async function resetPasswordUnbound(input: unknown, address = ""): Promise<{ message: string }> {
  const v = parse(resetSchema, input);
  const { user } = await checkCode(v.email, v.otp, address);
  const db = await getDb();
  const hash = await hashPassword(v.password);
  await db.transaction(async (tx) => {
    await writePassword(tx, user.id, hash);
    await tx.update(passwordResets).set({ used_at: new Date() }).where(eq(passwordResets.user_id, user.id));
    await revokeAllApiTokens(user.id, tx);
    await recordAccountEvent(user.id, "password_reset", { address }, tx);
  });
  return { message: PASSWORD_CHANGED };
}

/** POST /api/forgot_password: one endpoint for the three steps, told apart by the fields sent. */
async function forgotPasswordStepUnbound(body: Record<string, unknown>, address = "") {
  if (body.password != null) return resetPassword(body, address);
  if (body.otp != null && body.otp !== "") return verifyResetCode(body, address);
  return sendResetCode(body, address);
}

/** SendResetCode, as platform work (row-level security, lib/platform/rls.ts). */
export const sendResetCode: typeof sendResetCodeUnbound = (...args) =>
  asPlatform("password reset", () => sendResetCodeUnbound(...args));

/** SendWelcomeCode, as platform work (row-level security, lib/platform/rls.ts). */
export const sendWelcomeCode: typeof sendWelcomeCodeUnbound = (...args) =>
  asPlatform("welcome code", () => sendWelcomeCodeUnbound(...args));

/** VerifyResetCode, as platform work (row-level security, lib/platform/rls.ts). */
export const verifyResetCode: typeof verifyResetCodeUnbound = (...args) =>
  asPlatform("password reset", () => verifyResetCodeUnbound(...args));

/** ResetPassword, as platform work (row-level security, lib/platform/rls.ts). */
export const resetPassword: typeof resetPasswordUnbound = (...args) =>
  asPlatform("password reset", () => resetPasswordUnbound(...args));

/** ForgotPasswordStep, as platform work (row-level security, lib/platform/rls.ts). */
export const forgotPasswordStep: typeof forgotPasswordStepUnbound = (...args) =>
  asPlatform("password reset", () => forgotPasswordStepUnbound(...args));
