"use server";
import { sql, eq } from "drizzle-orm";
import { AuthError } from "next-auth";
import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { signIn, signOut } from "@/auth";
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

/** Logout ends this session and every other browser session of the user (session version), and the chosen company. */
export async function logoutAction(): Promise<void> {
  const ctx = await getSessionContext();
  if (ctx) {
    const db = await getDb();
    await db
      .update(users)
      .set({ session_version: sql`${users.session_version} + 1` })
      .where(eq(users.id, ctx.userId));
  }
  (await cookies()).delete(ACTING_COMPANY_COOKIE);
  await signOut({ redirect: false });
  redirect("/login");
}

export async function sendCodeAction(input: unknown) {
  return toActionResult(() => sendResetCode(input));
}
export async function verifyCodeAction(input: unknown) {
  return toActionResult(() => verifyResetCode(input));
}
export async function resetPasswordAction(input: unknown) {
  return toActionResult(() => resetPassword(input));
}
