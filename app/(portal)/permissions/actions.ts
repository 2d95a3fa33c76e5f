"use server";
import {
  createPermission,
  deletePermission,
  restorePermission,
  updatePermission,
} from "@/lib/admin/permission-records";
import { encodeId } from "@/lib/platform/ids";
import { toActionResult } from "@/lib/platform/mutations";
import { actionContext, actionId } from "@/lib/platform/session";

export async function createPermissionAction(values: unknown) {
  return toActionResult(async () => {
    const p = await createPermission(await actionContext(), values);
    return { id: encodeId(p.id) };
  });
}

export async function updatePermissionAction(opaqueId: string, values: unknown) {
  return toActionResult(async () => {
    const p = await updatePermission(await actionContext(), {
      ...(values as object),
      id: actionId(opaqueId),
    });
    return { id: encodeId(p.id) };
  });
}

export async function deletePermissionAction(opaqueId: string) {
  return toActionResult(async () => deletePermission(await actionContext(), { id: actionId(opaqueId) }));
}

export async function restorePermissionAction(opaqueId: string) {
  return toActionResult(async () => restorePermission(await actionContext(), { id: actionId(opaqueId) }));
}
