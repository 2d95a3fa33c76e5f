"use server";
import { moduleActions as a } from "@/lib/admin/modules";

export const createModuleAction = async (values: unknown) => a.create!(values);
export const updateModuleAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteModuleAction = async (id: string) => a.delete!(id);
export const restoreModuleAction = async (id: string) => a.restore!(id);
export const exportModulesAction = async (params: Record<string, string>) => a.export!(params);
