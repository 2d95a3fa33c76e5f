"use server";
import { outletActions as a } from "@/lib/operations/outlets";

export const createOutletAction = async (values: unknown) => a.create!(values);
export const updateOutletAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteOutletAction = async (id: string) => a.delete!(id);
export const restoreOutletAction = async (id: string) => a.restore!(id);
export const exportOutletsAction = async (params: Record<string, string>) => a.export!(params);
