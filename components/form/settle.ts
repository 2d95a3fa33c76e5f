import type { ActionResult } from "@/lib/platform/mutations";

/** The error popup's text when a server action never answered: the form keeps what was typed. */
export const UNREACHABLE_MESSAGE = "Could not reach the server. Your changes are kept; please try again.";

/** The answer of an action that found no session (the action's own 401, or a call the session's loss broke). */
export const SESSION_LOST: ActionResult<never> = { ok: false, status: 401, message: "Unauthenticated." };

/** Where the browser asks whether its session is still alive: /api answers 401 without one. */
export const SESSION_PROBE = "/api/me";

/**
 * A server action's answer, always: when the call rejects instead of answering `{ ok: false }` (network failure, a
 * deployment that no longer has the action, a session lost on the way so that the request never reached the
 * action) or answers something that is not an ActionResult, the session is checked: gone, the answer is 401 like
 * the action's own, which every caller sends to login (reportFailure); else a failure with status 0 and
 * UNREACHABLE_MESSAGE, which the forms and row actions show in the error popup. Next's redirect and not-found
 * signals pass through.
 */
export async function settle<T>(
  call: Promise<ActionResult<T>> | (() => Promise<ActionResult<T>>),
): Promise<ActionResult<T>> {
  try {
    const r = await (typeof call === "function" ? call() : call);
    if (r && typeof r === "object" && typeof r.ok === "boolean") return r;
  } catch (e) {
    const digest = (e as { digest?: unknown } | null)?.digest;
    if (typeof digest === "string" && digest.startsWith("NEXT_")) throw e;
  }
  return (await sessionLost()) ? SESSION_LOST : { ok: false, status: 0, message: UNREACHABLE_MESSAGE };
}

/** True when the server says the browser has no session; a probe that fails too proves nothing (false). */
async function sessionLost(): Promise<boolean> {
  try {
    const res = await fetch(SESSION_PROBE, { credentials: "same-origin", cache: "no-store" });
    return res.status === 401;
  } catch {
    return false;
  }
}
