"use server";
import { AuthError } from "next-auth";
import { headers } from "next/headers";
import { signIn } from "@/auth";
import { changeOwnPassword, changePasswordSchema } from "@/lib/admin/me";
import { updateProfile } from "@/lib/admin/users/profile";
import { clientAddressOf } from "@/lib/platform/client-address";
import { forbidden } from "@/lib/platform/errors";
import { decodeId } from "@/lib/platform/ids";
import { toActionResult } from "@/lib/platform/mutations";
import { actionContext } from "@/lib/platform/session";

/** Saves the signed-in user's own profile; any other id is refused by the domain function (403). */
export async function updateProfileAction(opaqueId: string, values: unknown) {
  return toActionResult(async () => {
    const ctx = await actionContext();
    const id = typeof opaqueId === "string" ? decodeId(opaqueId) : null;
    if (id == null) throw forbidden();
    // The saved version: the form stays open and sends it with its next save.
    const saved = await updateProfile(ctx, id, values);
    return { version: saved.version };
  });
}

/**
 * Changes the signed-in user's own password. The change ends every session of the user (session version) and
 * revokes every API token; this browser then signs in again with the new password, the way the login form does,
 * so it gets a session of the new version and stays signed in. `signedIn: false` when that sign-in was refused
 * (the password is changed all the same): the page sends the browser to login.
 */
export async function changePasswordAction(values: unknown) {
  return toActionResult(async () => {
    const ctx = await actionContext();
    const address = clientAddressOf(await headers());
    const r = await changeOwnPassword(ctx, values, { address, via: "portal" });
    const { password } = changePasswordSchema.parse(values);
    try {
      await signIn("credentials", { email: ctx.user.email, password, redirect: false });
    } catch (e) {
      if (e instanceof AuthError) return { ...r, signedIn: false };
      throw e;
    }
    return { ...r, signedIn: true };
  });
}
