"use server";
import { stateGstActions as a } from "@/lib/operations/state-gsts";

export const createStateGstAction = async (values: unknown) => a.create!(values);
export const updateStateGstAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteStateGstAction = async (id: string) => a.delete!(id);
export const restoreStateGstAction = async (id: string) => a.restore!(id);
