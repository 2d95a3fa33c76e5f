"use server";
import { positionActions as a } from "@/lib/admin/positions";

export const createPositionAction = async (values: unknown) => a.create!(values);
export const updatePositionAction = async (id: string, values: unknown) => a.update!(id, values);
export const deletePositionAction = async (id: string) => a.delete!(id);
export const restorePositionAction = async (id: string) => a.restore!(id);
