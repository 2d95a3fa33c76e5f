"use server";
import { leaveRequestActions as a } from "@/lib/jobs/leave-requests";

export const createLeaveRequestAction = async (values: unknown) => a.create!(values);
export const updateLeaveRequestAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteLeaveRequestAction = async (id: string) => a.delete!(id);
export const restoreLeaveRequestAction = async (id: string) => a.restore!(id);
export const exportLeaveRequestsAction = async (params: Record<string, string>) => a.export!(params);
/** The list's Approve (the replacement picker inside the DecisionDialog) and Reject. */
export const decideLeaveRequestAction = async (
  id: string,
  transition: string,
  input?: Record<string, unknown>,
) => a.decide(id, transition, input);
/** The replacement picker: the staff available (for the leave, or with `walkId` one walk of an approved leave). */
export const availableStaffAction = async (id: string, walkId?: string) => a.availableStaff(id, walkId);
/** The leave's walks as they stand (the reassign dialog after an approval). */
export const leaveWalksAction = async (id: string) => a.walks(id);
/** The reassign dialog: one walk's replacement (null: none). */
export const reassignLeaveWalkAction = async (id: string, walkId: string, replacementId: string | null) =>
  a.reassign(id, walkId, replacementId);
