import type { Sample } from "./types";

export const sessionSamples: Record<string, Sample> = {
  "POST logout": { path: () => "logout" },
  "GET me": { path: () => "me" },
  "POST user_timestamps": {
    path: () => "user_timestamps",
    body: () => ({ from_path: "/home", from_name: "Home", timespent: 12 }),
  },
};
