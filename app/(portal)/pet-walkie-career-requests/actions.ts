"use server";
import { petWalkieCareerRequestActions as a } from "@/lib/franchise/pet-walkie-career-requests";

export const createWalkieRequestAction = async (values: unknown) => a.create!(values);
export const updateWalkieRequestAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteWalkieRequestAction = async (id: string) => a.delete!(id);
export const restoreWalkieRequestAction = async (id: string) => a.restore!(id);
export const exportWalkieRequestsAction = async (params: Record<string, string>) => a.export!(params);
export const decideWalkieRequestAction = async (
  id: string,
  transition: string,
  input?: Record<string, unknown>,
) => a.decide(id, transition, input);
