"use server";
import { userServiceInterestActions as a } from "@/lib/franchise/user-service-interests";

// The screen deletes only (spec 002 §2: no restore, no trash view); /api keeps restore.
export const deleteServiceInterestAction = async (id: string) => a.delete!(id);
export const exportServiceInterestsAction = async (params: Record<string, string>) => a.export!(params);
