import type { ActionResult } from "@/lib/platform/mutations";

/** The error popup's text when a server action never answered: the form keeps what was typed. */
export const UNREACHABLE_MESSAGE = "Could not reach the server. Your changes are kept; please try again.";

/**
 * A server action's answer, always: when the call rejects instead of answering `{ ok: false }` (network failure, a
 * deployment that no longer has the action) or answers something that is not an ActionResult, a failure with status
 * 0 and UNREACHABLE_MESSAGE, which the forms and row actions show in the error popup. Next's redirect and
 * not-found signals pass through.
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
  return { ok: false, status: 0, message: UNREACHABLE_MESSAGE };
}
