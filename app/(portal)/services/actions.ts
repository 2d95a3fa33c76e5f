"use server";
import { serviceActions as a } from "@/lib/operations/services";

export const createServiceAction = async (values: unknown) => a.create!(values);
export const updateServiceAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteServiceAction = async (id: string) => a.delete!(id);
export const restoreServiceAction = async (id: string) => a.restore!(id);
export const exportServicesAction = async (params: Record<string, string>) => a.export!(params);
