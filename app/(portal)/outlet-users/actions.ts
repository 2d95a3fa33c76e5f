"use server";
import { outletUserActions as a } from "@/lib/operations/outlet-users";

export const createOutletUserAction = async (values: unknown) => a.create!(values);
export const updateOutletUserAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteOutletUserAction = async (id: string) => a.delete!(id);
export const exportOutletUsersAction = async (params: Record<string, string>) => a.export!(params);
