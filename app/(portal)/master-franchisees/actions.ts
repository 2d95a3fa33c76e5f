"use server";
import { masterFranchiseeActions as a } from "@/lib/franchise/master-franchisees";

export const createMasterFranchiseeAction = async (values: unknown) => a.create!(values);
export const updateMasterFranchiseeAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteMasterFranchiseeAction = async (id: string) => a.delete!(id);
export const restoreMasterFranchiseeAction = async (id: string) => a.restore!(id);
export const exportMasterFranchiseesAction = async (params: Record<string, string>) => a.export!(params);
