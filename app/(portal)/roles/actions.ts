"use server";
import { createRole, deleteRole, updateRole } from "@/lib/admin/roles";
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

export async function createRoleAction(values: unknown) {
  return toActionResult(async () => {
    const r = await createRole(await ctxOrThrow(), values);
    return { id: encodeId(r.id) };
  });
}

export async function updateRoleAction(opaqueId: string, values: unknown) {
  return toActionResult(async () => {
    const input = { ...(values as object), id: idOf(opaqueId) };
    const r = await updateRole(await ctxOrThrow(), input);
    return { id: encodeId(r.id) };
  });
}

export async function deleteRoleAction(opaqueId: string) {
  return toActionResult(async () => deleteRole(await ctxOrThrow(), { id: idOf(opaqueId) }));
}

export async function exportRolesAction(params: Record<string, string>) {
  return toActionResult(async () => {
    const ctx = await ctxOrThrow();
    authorize(ctx, "roles.export");
    return { url: exportLink(ctx, "roles", new URLSearchParams(params)) };
  });
}
