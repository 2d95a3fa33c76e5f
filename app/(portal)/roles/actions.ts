"use server";
import { createRole, deleteRole, updateRole } from "@/lib/admin/roles";
import { authorize } from "@/lib/platform/context";
import { exportLink } from "@/lib/platform/exports";
import { encodeId } from "@/lib/platform/ids";
import { toActionResult } from "@/lib/platform/mutations";
import { actionContext, actionId } from "@/lib/platform/session";

export async function createRoleAction(values: unknown) {
  return toActionResult(async () => {
    const r = await createRole(await actionContext(), values);
    return { id: encodeId(r.id) };
  });
}

export async function updateRoleAction(opaqueId: string, values: unknown) {
  return toActionResult(async () => {
    const input = { ...(values as object), id: actionId(opaqueId) };
    const r = await updateRole(await actionContext(), input);
    return { id: encodeId(r.id) };
  });
}

export async function deleteRoleAction(opaqueId: string) {
  return toActionResult(async () => deleteRole(await actionContext(), { id: actionId(opaqueId) }));
}

export async function exportRolesAction(params: Record<string, string>) {
  return toActionResult(async () => {
    const ctx = await actionContext();
    authorize(ctx, "roles.export");
    return { url: exportLink(ctx, "roles", new URLSearchParams(params)) };
  });
}
