"use server";
import { updateProfile } from "@/lib/admin/users/profile";
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
    await updateProfile(ctx, id, values);
  });
}
