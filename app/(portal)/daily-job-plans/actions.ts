"use server";
import { dailyJobPlanActions as a, petsOfCustomer } from "@/lib/jobs/daily-job-plans";
import { toActionResult } from "@/lib/platform/mutations";
import { isId } from "@/lib/platform/schemas";
import { actionContext } from "@/lib/platform/session";

export const createDailyJobPlanAction = async (values: unknown) => a.create!(values);
export const updateDailyJobPlanAction = async (id: string, values: unknown) => a.update!(id, values);
export const deleteDailyJobPlanAction = async (id: string) => a.delete!(id);
export const restoreDailyJobPlanAction = async (id: string) => a.restore!(id);
export const exportDailyJobPlansAction = async (params: Record<string, string>) => a.export!(params);

/** The form's Pet and Pet 2 choices once a customer is chosen: that customer's live pets. */
export const customerPetsAction = async (customerId: string) =>
  toActionResult(async () => {
    const ctx = await actionContext();
    const id = Number(customerId);
    return isId(id) ? petsOfCustomer(ctx, id) : [];
  });
