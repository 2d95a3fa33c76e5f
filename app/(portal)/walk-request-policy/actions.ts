"use server";
import { saveWalkPolicy } from "@/lib/jobs/walk-policy";
import { toActionResult } from "@/lib/platform/mutations";

/** Saves the acting company's walk request policy (walk_request_policies.update, checked by saveWalkPolicy). */
export async function saveWalkPolicyAction(values: unknown) {
  return toActionResult(async () => {
    const { actionContext } = await import("@/lib/platform/session");
    return saveWalkPolicy(await actionContext(), values);
  });
}
