"use server";
import { customerWalkRequestActions as a } from "@/lib/jobs/customer-walk-requests";

export const deleteWalkRequestAction = async (id: string) => a.delete!(id);
export const restoreWalkRequestAction = async (id: string) => a.restore!(id);
export const exportWalkRequestsAction = async (params: Record<string, string>) => a.export!(params);
export const decideWalkRequestAction = async (id: string, transition: string, input?: unknown) =>
  a.decide(id, transition, input);
