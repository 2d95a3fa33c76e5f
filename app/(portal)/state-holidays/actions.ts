"use server";
import { stateHolidayActions as a } from "@/lib/operations/state-holidays";

export const createStateHolidayAction = async (values: unknown) => a.create!(values);
export const updateStateHolidayAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteStateHolidayAction = async (id: string) => a.delete!(id);
export const restoreStateHolidayAction = async (id: string) => a.restore!(id);
export const exportStateHolidaysAction = async (params: Record<string, string>) => a.export!(params);
