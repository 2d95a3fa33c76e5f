"use server";
import { discardStagedUsers, processStagedUsers, UPLOAD_MESSAGES } from "@/lib/admin/users/upload";
import { toActionResult } from "@/lib/platform/mutations";
import { actionContext } from "@/lib/platform/session";

// Thin: the caller's context from the session, then the same domain functions as /api crud_users/*. The upload
// itself goes to /api crud_users/upload_user (a route handler: server actions cap bodies at 1 MB).

/** Process: creates every staged user, or none (422 with the rows' refreshed errors kept). */
export async function processStagedUsersAction() {
  return toActionResult(async () => ({
    ...(await processStagedUsers(await actionContext())),
    message: UPLOAD_MESSAGES.processed,
  }));
}

/** Delete: discards the caller's staged rows. */
export async function discardStagedUsersAction() {
  return toActionResult(async () => ({
    ...(await discardStagedUsers(await actionContext())),
    message: UPLOAD_MESSAGES.deleted,
  }));
}
