import type { Sample } from "./types";

export const permissionsSamples: Record<string, Sample> = {};
