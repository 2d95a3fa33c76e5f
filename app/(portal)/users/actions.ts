"use server";
import { staffActions, userActions as a } from "@/lib/admin/users/users";

/** `staff` is the /franchisee-staffs/create screen: it only adds the franchisee requirement, never a right. */
export const createUserAction = async (values: unknown, staff = false) =>
  (staff === true ? staffActions : a).create!(values);
export const updateUserAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteUserAction = async (id: string) => a.delete!(id);
export const restoreUserAction = async (id: string) => a.restore!(id);
export const exportUsersAction = async (params: Record<string, string>) => a.export!(params);
/** The staff list's export: the same users export, limited to users with a franchisee. */
export const exportStaffAction = async (params: Record<string, string>) =>
  a.export!({ ...params, staff: "1" });
