"use server";
import { franchiseeCareerRequestActions as a } from "@/lib/franchise/franchisee-career-requests";

export const updateFranchiseeRequestAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteFranchiseeRequestAction = async (id: string) => a.delete!(id);
export const restoreFranchiseeRequestAction = async (id: string) => a.restore!(id);
export const exportFranchiseeRequestsAction = async (params: Record<string, string>) => a.export!(params);
export const approveFranchiseeRequestAction = async (id: string) => a.approve(id);
export const rejectFranchiseeRequestAction = async (id: string, reason: string) => a.reject(id, reason);
