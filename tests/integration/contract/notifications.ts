import type { Sample } from "./types";

export const notificationsSamples: Record<string, Sample> = {
  "GET notifications": { path: () => "notifications?page=1&rowsPerPage=5" },
  "POST notifications/read": { path: () => "notifications/read" },
};
