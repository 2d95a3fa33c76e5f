"use server";
import { petTrainerCareerRequestActions as a } from "@/lib/franchise/pet-trainer-career-requests";

export const updateTrainerRequestAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteTrainerRequestAction = async (id: string) => a.delete!(id);
export const restoreTrainerRequestAction = async (id: string) => a.restore!(id);
export const exportTrainerRequestsAction = async (params: Record<string, string>) => a.export!(params);
export const decideTrainerRequestAction = async (
  id: string,
  transition: string,
  input?: Record<string, unknown>,
) => a.decide(id, transition, input);
