import type { Sample } from "./types";

export const mastersSamples: Record<string, Sample> = {
  "GET masters": { path: () => "masters?context=user&franchise_kyc=1&franchisee_status=1" },
};
