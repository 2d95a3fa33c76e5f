"use server";
import { daycareCareerRequestActions as a } from "@/lib/franchise/daycare-career-requests";

export const updateDaycareRequestAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteDaycareRequestAction = async (id: string) => a.delete!(id);
export const restoreDaycareRequestAction = async (id: string) => a.restore!(id);
export const exportDaycareRequestsAction = async (params: Record<string, string>) => a.export!(params);
export const decideDaycareRequestAction = async (
  id: string,
  transition: string,
  input?: Record<string, unknown>,
) => a.decide(id, transition, input);
