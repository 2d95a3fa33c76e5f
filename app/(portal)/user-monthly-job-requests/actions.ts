"use server";
import { monthlyRequestActions as a } from "@/lib/jobs/monthly-requests";

export const createMonthlyRequestAction = async (values: unknown) => a.create!(values);
export const updateMonthlyRequestAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteMonthlyRequestAction = async (id: string) => a.delete!(id);
export const restoreMonthlyRequestAction = async (id: string) => a.restore!(id);
export const exportMonthlyRequestsAction = async (params: Record<string, string>) => a.export!(params);
/** The list's Approve / Reject (the kernel's DecisionDialog): the caller's step of the workflow. */
export const decideMonthlyRequestAction = async (
  id: string,
  transition: string,
  input?: Record<string, unknown>,
) => a.decide(id, transition, input);
/** The approval dialog's walkers, each with their walks on the request's first day. */
export const monthlyApprovalWalkersAction = async (id: string) => a.walkers(id);
/** The list row's inline zone change: the update with zone_id alone (spec 002 §7). */
export const updateMonthlyRequestZoneAction = async (id: string, zoneId: string) =>
  a.update!(id, { zone_id: zoneId });
/** The create form: the chosen customer's pets and addresses. */
export const monthlyRequestCustomerAction = async (userId: string) => a.customerChoices(userId);
