"use server";
import { declarationOf, decideTransition, itemDetail, reasonRule } from "@/lib/approvals/decisions";
import { listInbox } from "@/lib/approvals/inbox";
import { toActionResult } from "@/lib/platform/mutations";
import { actionContext, actionId } from "@/lib/platform/session";

/**
 * One transition of a kind the registry declares, from the DecisionDialog (the same declaration as the entity's own
 * screen): its name and input (reason, own fields).
 */
export async function decideInboxTransition(
  kind: string,
  opaqueId: string,
  transition: string,
  input?: Record<string, unknown>,
) {
  return toActionResult(async () => {
    const ctx = await actionContext();
    const r = await decideTransition(ctx, kind, actionId(opaqueId), String(transition), input ?? {});
    return { id: opaqueId, status: r.status };
  });
}

/** The side panel's details of one item. */
export async function inboxItemDetail(kind: string, opaqueId: string) {
  return toActionResult(async () => {
    const ctx = await actionContext();
    const detail = await itemDetail(ctx, kind, actionId(opaqueId));
    return { ...detail, reason: reasonRule(ctx, await declarationOf(detail.kind, ctx)) };
  });
}

/** The next page of the inbox (the list's "Load more"). */
export async function moreInboxItems(kind: string | null, cursor: string) {
  return toActionResult(async () => {
    const ctx = await actionContext();
    return listInbox(ctx, { kind: kind ?? undefined, cursor, limit: 50 });
  });
}
