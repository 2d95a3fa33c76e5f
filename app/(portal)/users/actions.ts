"use server";
import { createUser, deleteUser, restoreUser, updateUser } from "@/lib/admin/users/users";
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

/** `staff` is the /franchisee-staffs/create screen: it only adds the franchisee requirement, never a right. */
export async function createUserAction(values: unknown, staff = false) {
  return toActionResult(async () => {
    const u = await createUser(await ctxOrThrow(), values, { staff: staff === true });
    return { id: encodeId(u.id) };
  });
}

export async function updateUserAction(opaqueId: string, values: unknown) {
  return toActionResult(async () => {
    const input = { ...(values as object), id: idOf(opaqueId) };
    const u = await updateUser(await ctxOrThrow(), input);
    return { id: encodeId(u.id) };
  });
}

export async function deleteUserAction(opaqueId: string) {
  return toActionResult(async () => {
    await deleteUser(await ctxOrThrow(), { id: idOf(opaqueId) });
  });
}

export async function restoreUserAction(opaqueId: string) {
  return toActionResult(async () => {
    await restoreUser(await ctxOrThrow(), { id: idOf(opaqueId) });
  });
}

export async function exportUsersAction(params: Record<string, string>) {
  return toActionResult(async () => {
    const ctx = await ctxOrThrow();
    authorize(ctx, "users.export");
    return { url: exportLink(ctx, "users", new URLSearchParams(params)) };
  });
}

/** The staff list's export: the same users export, limited to users with a franchisee. */
export async function exportStaffAction(params: Record<string, string>) {
  return exportUsersAction({ ...params, staff: "1" });
}
