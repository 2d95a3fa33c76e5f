"use server";
import { PJP_UPLOAD_MESSAGES, pjpsUpload } from "@/lib/operations/pjp-upload";
import { toActionResult } from "@/lib/platform/mutations";
import { actionContext } from "@/lib/platform/session";

// Thin: the caller's context from the session, then the same domain functions as /api crud_pjps/*. The file itself
// goes to /api crud_pjps/upload_pjp (a route handler: server actions cap bodies at 1 MB).

/** Upload file: creates the PJPs of every staged row, or none (422 with the rows' refreshed errors kept). */
export async function processStagedPjpsAction() {
  return toActionResult(async () => ({
    ...(await pjpsUpload.process(await actionContext())),
    message: PJP_UPLOAD_MESSAGES.processed,
  }));
}

/** Delete: discards the caller's staged rows. */
export async function discardStagedPjpsAction() {
  return toActionResult(async () => ({
    ...(await pjpsUpload.discard(await actionContext())),
    message: PJP_UPLOAD_MESSAGES.deleted,
  }));
}
