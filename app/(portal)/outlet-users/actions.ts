"use server";
import { outletUserActions as a } from "@/lib/operations/outlet-users";

export const createOutletUserAction = async (values: unknown) => a.create!(values);
export const updateOutletUserAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteOutletUserAction = async (id: string) => a.delete!(id);
/** The export of one outlet's users: the list's outlet goes with the toolbar's filters. */
export const exportOutletUsersAction = async (outletId: string, params: Record<string, string>) =>
  a.export!({ ...params, outlet_id: String(outletId) });
