import type { Sample } from "./types";

export const mastersSamples: Record<string, Sample> = {};
