import type { Sample } from "./types";

export const modulesSamples: Record<string, Sample> = {};
