import type { Sample } from "./types";

export const rolesSamples: Record<string, Sample> = {};
