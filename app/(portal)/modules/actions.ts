"use server";
import { createModule, deleteModule, restoreModule, updateModule } from "@/lib/admin/modules";
import { authorize } from "@/lib/platform/context";
import { notFound, unauthenticated } from "@/lib/platform/errors";
import { exportLink } from "@/lib/platform/exports";
import { decodeId, encodeId } from "@/lib/platform/ids";
import { toActionResult } from "@/lib/platform/mutations";
import { getSessionContext } from "@/lib/platform/session";

// Thin: each action builds the caller's context from the session and calls the same domain function as /api.
async function ctxOrThrow() {
  const ctx = await getSessionContext();
  if (!ctx) throw unauthenticated();
  return ctx;
}
const idOf = (opaque: unknown) => {
  const id = typeof opaque === "string" ? decodeId(opaque) : null;
  if (id == null) throw notFound();
  return id;
};

export async function createModuleAction(values: unknown) {
  return toActionResult(async () => {
    const m = await createModule(await ctxOrThrow(), values);
    return { id: encodeId(m.id) };
  });
}

export async function updateModuleAction(opaqueId: string, values: unknown) {
  return toActionResult(async () => {
    const m = await updateModule(await ctxOrThrow(), { ...(values as object), id: idOf(opaqueId) });
    return { id: encodeId(m.id) };
  });
}

export async function deleteModuleAction(opaqueId: string) {
  return toActionResult(async () => deleteModule(await ctxOrThrow(), { id: idOf(opaqueId) }));
}

export async function restoreModuleAction(opaqueId: string) {
  return toActionResult(async () => restoreModule(await ctxOrThrow(), { id: idOf(opaqueId) }));
}

export async function exportModulesAction(params: Record<string, string>) {
  return toActionResult(async () => {
    const ctx = await ctxOrThrow();
    authorize(ctx, "modules.export");
    return { url: exportLink(ctx, "modules", new URLSearchParams(params)) };
  });
}
