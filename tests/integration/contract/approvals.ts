import type { Sample } from "./types";

export const approvalsSamples: Record<string, Sample> = {
  "GET approvals": { path: () => "approvals?limit=5" },
};
