"use server";
import { franchiseeCareerRequestActions as a } from "@/lib/franchise/franchisee-career-requests";

export const updateFranchiseeRequestAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteFranchiseeRequestAction = async (id: string) => a.delete!(id);
export const restoreFranchiseeRequestAction = async (id: string) => a.restore!(id);
export const exportFranchiseeRequestsAction = async (params: Record<string, string>) => a.export!(params);
export const decideFranchiseeRequestAction = async (
  id: string,
  transition: string,
  input?: Record<string, unknown>,
) => a.decide(id, transition, input);
