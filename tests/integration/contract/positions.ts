import type { Sample } from "./types";

export const positionsSamples: Record<string, Sample> = {};
