"use server";
import { planActions as a } from "@/lib/franchise/plans";

export const createPlanAction = async (values: unknown) => a.create!(values);
export const updatePlanAction = async (id: string, values: unknown) => a.update!(id, values);
export const deletePlanAction = async (id: string) => a.delete!(id);
export const restorePlanAction = async (id: string) => a.restore!(id);
export const exportPlansAction = async (params: Record<string, string>) => a.export!(params);
