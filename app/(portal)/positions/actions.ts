"use server";
import { createPosition, deletePosition, restorePosition, updatePosition } from "@/lib/admin/positions";
import { encodeId } from "@/lib/platform/ids";
import { toActionResult } from "@/lib/platform/mutations";
import { actionContext, actionId } from "@/lib/platform/session";

export async function createPositionAction(values: unknown) {
  return toActionResult(async () => {
    const p = await createPosition(await actionContext(), values);
    return { id: encodeId(p.id) };
  });
}

export async function updatePositionAction(opaqueId: string, values: unknown) {
  return toActionResult(async () => {
    const input = { ...(values as object), id: actionId(opaqueId) };
    const p = await updatePosition(await actionContext(), input);
    return { id: encodeId(p.id) };
  });
}

export async function deletePositionAction(opaqueId: string) {
  return toActionResult(async () => deletePosition(await actionContext(), { id: actionId(opaqueId) }));
}

export async function restorePositionAction(opaqueId: string) {
  return toActionResult(async () => restorePosition(await actionContext(), { id: actionId(opaqueId) }));
}
