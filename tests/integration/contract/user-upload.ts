import type { Sample } from "./types";

export const userUploadSamples: Record<string, Sample> = {};
