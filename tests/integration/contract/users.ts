import type { Sample } from "./types";

export const usersSamples: Record<string, Sample> = {};
