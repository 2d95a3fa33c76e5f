"use server";
import { copyMessage, copyPjpFromPreviousMonth, copyPjpFromReferences } from "@/lib/operations/pjp-copy";
import { pjpActions as a } from "@/lib/operations/pjps";
import { toActionResult } from "@/lib/platform/mutations";
import { actionContext } from "@/lib/platform/session";

export const createPjpAction = async (values: unknown) => a.create!(values);
export const updatePjpAction = async (id: string, values: unknown) => a.update!(id, values);
export const deletePjpAction = async (id: string) => a.delete!(id);
export const restorePjpAction = async (id: string) => a.restore!(id);
export const exportPjpsAction = async (params: Record<string, string>) => a.export!(params);

/** Copy Pjp from References: the same domain function as POST pjps/copy_pjp_from_reference. */
export async function copyPjpFromReferencesAction(values: unknown) {
  return toActionResult(async () => {
    const r = await copyPjpFromReferences(await actionContext(), values);
    return { ...r, message: copyMessage(r) };
  });
}

/** Copy Pjp from Previous Month: the same domain function as POST pjps/copy_pjp_from_prev_month. */
export async function copyPjpFromPreviousMonthAction(values: unknown) {
  return toActionResult(async () => {
    const r = await copyPjpFromPreviousMonth(await actionContext(), values);
    return { ...r, message: copyMessage(r) };
  });
}
