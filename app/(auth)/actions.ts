"use server";
import { sql, eq } from "drizzle-orm";
import { AuthError } from "next-auth";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { headers } from "next/headers";
import { signIn, signOut, SignInThrottled } from "@/auth";
import { recordAccountEvent } from "@/lib/platform/account-events";
import { clientAddressOf } from "@/lib/platform/client-address";
import { tooManyMessage } from "@/lib/platform/rate-limit";
import { users } from "@/db/schema";
import { getDb } from "@/lib/platform/db";
import { LOGIN_FAILED, loginSchema } from "@/lib/platform/login";
import { toActionResult, type ActionResult } from "@/lib/platform/mutations";
import { resetPassword, sendResetCode, verifyResetCode } from "@/lib/platform/password-reset";
import { ACTING_COMPANY_COOKIE, getSessionContext } from "@/lib/platform/session";
import { invalid, zodFieldErrors } from "@/lib/platform/errors";

/** Login form: field errors under the fields, LOGIN_FAILED for any refused sign-in; success goes home. */
export async function loginAction(input: { email: string; password: string }): Promise<ActionResult<null>> {
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success)
    return toActionResult(async () => Promise.reject(invalid(zodFieldErrors(parsed.error.issues))));
  try {
    await signIn("credentials", { ...parsed.data, redirect: false });
  } catch (e) {
    // Too many attempts says so and when to retry (the account may be locked for this address); any other
    // refusal is the spec's one text.
    if (e instanceof SignInThrottled)
      return { ok: false, status: 429, message: tooManyMessage(e.retryAfter) };
    if (e instanceof AuthError) return { ok: false, status: 401, message: LOGIN_FAILED };
    throw e;
  }
  const jar = await cookies();
  jar.set("remembered_company", "1", {
    path: "/",
    maxAge: 60 * 60 * 24 * 365,
    sameSite: "lax",
    httpOnly: true,
  });
  redirect("/home");
}

/**
 * Logout ends this session and every other browser session of the user (session version), with it every export
 * link they opened, and the chosen company; the account's history records it.
 */
export async function logoutAction(): Promise<void> {
  const ctx = await getSessionContext();
  if (ctx) {
    const db = await getDb();
    const address = clientAddressOf(await headers());
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ session_version: sql`${users.session_version} + 1` })
        .where(eq(users.id, ctx.userId));
      await recordAccountEvent(ctx.userId, "logout", { via: "portal", address }, tx);
    });
  }
  (await cookies()).delete(ACTING_COMPANY_COOKIE);
  await signOut({ redirect: false });
  redirect("/login");
}

const address = async () => clientAddressOf(await headers());

export async function sendCodeAction(input: unknown) {
  return toActionResult(async () => sendResetCode(input, await address()));
}
export async function verifyCodeAction(input: unknown) {
  return toActionResult(async () => verifyResetCode(input, await address()));
}
export async function resetPasswordAction(input: unknown) {
  return toActionResult(async () => resetPassword(input, await address()));
}
