import type { Sample } from "./types";

export const auditSamples: Record<string, Sample> = {
  "GET audit_records": {
    path: (e) => `audit_records?entity=companies&entity_id=${e.happyId}&page=1&rowsPerPage=5`,
  },
};
