"use server";
import { roleActions as a } from "@/lib/admin/roles";

export const createRoleAction = async (values: unknown) => a.create!(values);
export const updateRoleAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteRoleAction = async (id: string) => a.delete!(id);
export const exportRolesAction = async (params: Record<string, string>) => a.export!(params);
