"use server";
import { leaveRequestActions as a } from "@/lib/jobs/leave-requests";

export const createLeaveRequestAction = async (values: unknown) => a.create!(values);
export const updateLeaveRequestAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteLeaveRequestAction = async (id: string) => a.delete!(id);
export const restoreLeaveRequestAction = async (id: string) => a.restore!(id);
export const exportLeaveRequestsAction = async (params: Record<string, string>) => a.export!(params);
/** The replacement modal: the staff available (for the leave, or with `walkId` one walk of an approved leave). */
export const availableStaffAction = async (id: string, walkId?: string) => a.availableStaff(id, walkId);
/** The replacement modal's approval: a staff member's opaque id, or null for none. */
export const approveLeaveRequestAction = async (
  id: string,
  replacementId: string | null,
  remarks: string | null,
) => a.approveWithReplacement(id, replacementId, remarks);
export const rejectLeaveRequestAction = async (id: string) => a.reject(id);
/** The reassign dialog: one walk's replacement (null: none). */
export const reassignLeaveWalkAction = async (id: string, walkId: string, replacementId: string | null) =>
  a.reassign(id, walkId, replacementId);
