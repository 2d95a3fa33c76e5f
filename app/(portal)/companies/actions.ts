"use server";
import { createCompany, deleteCompany, restoreCompany, updateCompany } from "@/lib/admin/companies";
import { authorize } from "@/lib/platform/context";
import { exportLink } from "@/lib/platform/exports";
import { encodeId } from "@/lib/platform/ids";
import { toActionResult } from "@/lib/platform/mutations";
import { actionContext, actionId } from "@/lib/platform/session";

export async function createCompanyAction(values: unknown) {
  return toActionResult(async () => {
    const c = await createCompany(await actionContext(), values);
    return { id: encodeId(c.id) };
  });
}

export async function updateCompanyAction(opaqueId: string, values: unknown) {
  return toActionResult(async () => {
    const input = { ...(values as object), id: actionId(opaqueId) };
    const c = await updateCompany(await actionContext(), input);
    return { id: encodeId(c.id) };
  });
}

export async function deleteCompanyAction(opaqueId: string) {
  return toActionResult(async () => deleteCompany(await actionContext(), { id: actionId(opaqueId) }));
}

export async function restoreCompanyAction(opaqueId: string) {
  return toActionResult(async () => restoreCompany(await actionContext(), { id: actionId(opaqueId) }));
}

export async function exportCompaniesAction(params: Record<string, string>) {
  return toActionResult(async () => {
    const ctx = await actionContext();
    authorize(ctx, "companies.export");
    return { url: exportLink(ctx, "companies", new URLSearchParams(params)) };
  });
}
