"use server";
import { permissionActions as a } from "@/lib/admin/permission-records";

export const createPermissionAction = async (values: unknown) => a.create!(values);
export const updatePermissionAction = async (id: string, values: unknown) => a.update!(id, values);
export const deletePermissionAction = async (id: string) => a.delete!(id);
export const restorePermissionAction = async (id: string) => a.restore!(id);
