"use server";
import { pjpReferenceActions as a } from "@/lib/operations/pjp-references";

export const createPjpReferenceAction = async (values: unknown) => a.create!(values);
export const updatePjpReferenceAction = async (id: string, values: unknown) => a.update!(id, values);
export const deletePjpReferenceAction = async (id: string) => a.delete!(id);
export const exportPjpReferencesAction = async (params: Record<string, string>) => a.export!(params);
