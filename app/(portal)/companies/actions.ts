"use server";
import { createCompany, deleteCompany, restoreCompany, updateCompany } from "@/lib/admin/companies";
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

export async function createCompanyAction(values: unknown) {
  return toActionResult(async () => {
    const c = await createCompany(await ctxOrThrow(), values);
    return { id: encodeId(c.id) };
  });
}

export async function updateCompanyAction(opaqueId: string, values: unknown) {
  return toActionResult(async () => {
    const input = { ...(values as object), id: idOf(opaqueId) };
    const c = await updateCompany(await ctxOrThrow(), input);
    return { id: encodeId(c.id) };
  });
}

export async function deleteCompanyAction(opaqueId: string) {
  return toActionResult(async () => deleteCompany(await ctxOrThrow(), { id: idOf(opaqueId) }));
}

export async function restoreCompanyAction(opaqueId: string) {
  return toActionResult(async () => restoreCompany(await ctxOrThrow(), { id: idOf(opaqueId) }));
}

export async function exportCompaniesAction(params: Record<string, string>) {
  return toActionResult(async () => {
    const ctx = await ctxOrThrow();
    authorize(ctx, "companies.export");
    return { url: exportLink(ctx, "companies", new URLSearchParams(params)) };
  });
}
