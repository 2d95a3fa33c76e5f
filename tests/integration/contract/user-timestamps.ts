import type { Sample } from "./types";

export const userTimestampsSamples: Record<string, Sample> = {};
