"use server";
import { createModule, deleteModule, restoreModule, updateModule } from "@/lib/admin/modules";
import { authorize } from "@/lib/platform/context";
import { exportLink } from "@/lib/platform/exports";
import { encodeId } from "@/lib/platform/ids";
import { toActionResult } from "@/lib/platform/mutations";
import { actionContext, actionId } from "@/lib/platform/session";

export async function createModuleAction(values: unknown) {
  return toActionResult(async () => {
    const m = await createModule(await actionContext(), values);
    return { id: encodeId(m.id) };
  });
}

export async function updateModuleAction(opaqueId: string, values: unknown) {
  return toActionResult(async () => {
    const m = await updateModule(await actionContext(), { ...(values as object), id: actionId(opaqueId) });
    return { id: encodeId(m.id) };
  });
}

export async function deleteModuleAction(opaqueId: string) {
  return toActionResult(async () => deleteModule(await actionContext(), { id: actionId(opaqueId) }));
}

export async function restoreModuleAction(opaqueId: string) {
  return toActionResult(async () => restoreModule(await actionContext(), { id: actionId(opaqueId) }));
}

export async function exportModulesAction(params: Record<string, string>) {
  return toActionResult(async () => {
    const ctx = await actionContext();
    authorize(ctx, "modules.export");
    return { url: exportLink(ctx, "modules", new URLSearchParams(params)) };
  });
}
