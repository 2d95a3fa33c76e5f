"use server";
import { franchiseeActions as a, updateFranchiseeZone } from "@/lib/franchise/franchisees";
import { toActionResult } from "@/lib/platform/mutations";
import { actionContext, actionId } from "@/lib/platform/session";

export const createFranchiseeAction = async (values: unknown) => a.create!(values);
export const updateFranchiseeAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteFranchiseeAction = async (id: string) => a.delete!(id);
export const restoreFranchiseeAction = async (id: string) => a.restore!(id);
export const exportFranchiseesAction = async (params: Record<string, string>) => a.export!(params);
export const decideFranchiseeAction = async (
  id: string,
  transition: string,
  input?: Record<string, unknown>,
) => a.decide(id, transition, input);

/** The list row's inline zone change: the update with zone_id alone (spec 002 §7). */
export const updateFranchiseeZoneAction = async (id: string, zoneId: string) =>
  toActionResult(async () => {
    const ctx = await actionContext();
    await updateFranchiseeZone(ctx, actionId(id), zoneId);
    return { id };
  });
