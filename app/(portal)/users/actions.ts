"use server";
import { createUser, deleteUser, restoreUser, updateUser } from "@/lib/admin/users/users";
import { authorize } from "@/lib/platform/context";
import { exportLink } from "@/lib/platform/exports";
import { encodeId } from "@/lib/platform/ids";
import { toActionResult } from "@/lib/platform/mutations";
import { actionContext, actionId } from "@/lib/platform/session";

/** `staff` is the /franchisee-staffs/create screen: it only adds the franchisee requirement, never a right. */
export async function createUserAction(values: unknown, staff = false) {
  return toActionResult(async () => {
    const u = await createUser(await actionContext(), values, { staff: staff === true });
    return { id: encodeId(u.id) };
  });
}

export async function updateUserAction(opaqueId: string, values: unknown) {
  return toActionResult(async () => {
    const input = { ...(values as object), id: actionId(opaqueId) };
    const u = await updateUser(await actionContext(), input);
    return { id: encodeId(u.id) };
  });
}

export async function deleteUserAction(opaqueId: string) {
  return toActionResult(async () => {
    await deleteUser(await actionContext(), { id: actionId(opaqueId) });
  });
}

export async function restoreUserAction(opaqueId: string) {
  return toActionResult(async () => {
    await restoreUser(await actionContext(), { id: actionId(opaqueId) });
  });
}

export async function exportUsersAction(params: Record<string, string>) {
  return toActionResult(async () => {
    const ctx = await actionContext();
    authorize(ctx, "users.export");
    return { url: exportLink(ctx, "users", new URLSearchParams(params)) };
  });
}

/** The staff list's export: the same users export, limited to users with a franchisee. */
export async function exportStaffAction(params: Record<string, string>) {
  return exportUsersAction({ ...params, staff: "1" });
}
