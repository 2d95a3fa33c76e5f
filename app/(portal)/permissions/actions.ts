"use server";
import {
  createPermission,
  deletePermission,
  restorePermission,
  updatePermission,
} from "@/lib/admin/permission-records";
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

export async function createPermissionAction(values: unknown) {
  return toActionResult(async () => {
    const p = await createPermission(await ctxOrThrow(), values);
    return { id: encodeId(p.id) };
  });
}

export async function updatePermissionAction(opaqueId: string, values: unknown) {
  return toActionResult(async () => {
    const p = await updatePermission(await ctxOrThrow(), { ...(values as object), id: idOf(opaqueId) });
    return { id: encodeId(p.id) };
  });
}

export async function deletePermissionAction(opaqueId: string) {
  return toActionResult(async () => deletePermission(await ctxOrThrow(), { id: idOf(opaqueId) }));
}

export async function restorePermissionAction(opaqueId: string) {
  return toActionResult(async () => restorePermission(await ctxOrThrow(), { id: idOf(opaqueId) }));
}
