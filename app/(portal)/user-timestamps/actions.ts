"use server";
import { deleteUserTimestamp } from "@/lib/admin/user-timestamps";
import { authorize } from "@/lib/platform/context";
import { exportLink } from "@/lib/platform/exports";
import { toActionResult } from "@/lib/platform/mutations";
import { actionContext, actionId } from "@/lib/platform/session";

export async function deleteUserTimestampAction(opaqueId: unknown) {
  return toActionResult(async () => deleteUserTimestamp(await actionContext(), { id: actionId(opaqueId) }));
}

export async function exportUserTimestampsAction(params: Record<string, string>) {
  return toActionResult(async () => {
    const ctx = await actionContext();
    authorize(ctx, "user_timestamps.export");
    return { url: exportLink(ctx, "user_timestamps", new URLSearchParams(params)) };
  });
}
