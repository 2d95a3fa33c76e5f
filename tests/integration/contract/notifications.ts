import type { Sample } from "./types";

export const notificationsSamples: Record<string, Sample> = {};
