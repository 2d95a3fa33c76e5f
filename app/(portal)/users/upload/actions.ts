"use server";
import { discardStagedUsers, processStagedUsers, UPLOAD_MESSAGES } from "@/lib/admin/users/upload";
import { unauthenticated } from "@/lib/platform/errors";
import { toActionResult } from "@/lib/platform/mutations";
import { getSessionContext } from "@/lib/platform/session";

// Thin: the caller's context from the session, then the same domain functions as /api crud_users/*. The upload
// itself goes to /api crud_users/upload_user (a multipart route handler), not through a server action.
async function ctxOrThrow() {
  const ctx = await getSessionContext();
  if (!ctx) throw unauthenticated();
  return ctx;
}

/** Process: creates every staged user, or none (422 with the rows' refreshed errors kept). */
export async function processStagedUsersAction() {
  return toActionResult(async () => ({
    ...(await processStagedUsers(await ctxOrThrow())),
    message: UPLOAD_MESSAGES.processed,
  }));
}

/** Delete: discards the caller's staged rows. */
export async function discardStagedUsersAction() {
  return toActionResult(async () => ({
    ...(await discardStagedUsers(await ctxOrThrow())),
    message: UPLOAD_MESSAGES.deleted,
  }));
}
