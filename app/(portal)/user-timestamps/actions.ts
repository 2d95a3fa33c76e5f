"use server";
import { deleteUserTimestamp } from "@/lib/admin/user-timestamps";
import { authorize } from "@/lib/platform/context";
import { notFound, unauthenticated } from "@/lib/platform/errors";
import { exportLink } from "@/lib/platform/exports";
import { decodeId } from "@/lib/platform/ids";
import { toActionResult } from "@/lib/platform/mutations";
import { getSessionContext } from "@/lib/platform/session";

// Thin: each action builds the caller's context from the session and calls the same domain function as /api.
async function ctxOrThrow() {
  const ctx = await getSessionContext();
  if (!ctx) throw unauthenticated();
  return ctx;
}

export async function deleteUserTimestampAction(opaqueId: unknown) {
  return toActionResult(async () => {
    const ctx = await ctxOrThrow();
    const id = typeof opaqueId === "string" ? decodeId(opaqueId) : null;
    if (id == null) throw notFound();
    return deleteUserTimestamp(ctx, { id });
  });
}

export async function exportUserTimestampsAction(params: Record<string, string>) {
  return toActionResult(async () => {
    const ctx = await ctxOrThrow();
    authorize(ctx, "user_timestamps.export");
    return { url: exportLink(ctx, "user_timestamps", new URLSearchParams(params)) };
  });
}
