"use server";
import { createPosition, deletePosition, restorePosition, updatePosition } from "@/lib/admin/positions";
import { notFound, unauthenticated } from "@/lib/platform/errors";
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

export async function createPositionAction(values: unknown) {
  return toActionResult(async () => {
    const p = await createPosition(await ctxOrThrow(), values);
    return { id: encodeId(p.id) };
  });
}

export async function updatePositionAction(opaqueId: string, values: unknown) {
  return toActionResult(async () => {
    const input = { ...(values as object), id: idOf(opaqueId) };
    const p = await updatePosition(await ctxOrThrow(), input);
    return { id: encodeId(p.id) };
  });
}

export async function deletePositionAction(opaqueId: string) {
  return toActionResult(async () => deletePosition(await ctxOrThrow(), { id: idOf(opaqueId) }));
}

export async function restorePositionAction(opaqueId: string) {
  return toActionResult(async () => restorePosition(await ctxOrThrow(), { id: idOf(opaqueId) }));
}
