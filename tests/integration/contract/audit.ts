import type { Sample } from "./types";

export const auditSamples: Record<string, Sample> = {};
