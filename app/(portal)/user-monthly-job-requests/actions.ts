"use server";
import { monthlyRequestActions as a } from "@/lib/jobs/monthly-requests";

export const createMonthlyRequestAction = async (values: unknown) => a.create!(values);
export const updateMonthlyRequestAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteMonthlyRequestAction = async (id: string) => a.delete!(id);
export const restoreMonthlyRequestAction = async (id: string) => a.restore!(id);
export const exportMonthlyRequestsAction = async (params: Record<string, string>) => a.export!(params);
/** The list's Approve; a franchisee's admin sends the walker and timeslot(s) chosen in the dialog. */
export const approveMonthlyRequestAction = async (
  id: string,
  chosen?: { walker_id?: string; timeslot?: string; timeslot_2?: string },
) => a.approve(id, chosen);
/** The approval dialog's walkers, each with their walks on the request's first day. */
export const monthlyApprovalWalkersAction = async (id: string) => a.walkers(id);
export const rejectMonthlyRequestAction = async (id: string, remark?: string) => a.reject(id, remark);
/** The list row's inline zone change: the update with zone_id alone (spec 002 §7). */
export const updateMonthlyRequestZoneAction = async (id: string, zoneId: string) => a.zone(id, zoneId);
/** The create form: the chosen customer's pets and addresses. */
export const monthlyRequestCustomerAction = async (userId: string) => a.customerChoices(userId);
