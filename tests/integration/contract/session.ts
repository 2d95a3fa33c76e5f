import { expect } from "vitest";
import { DEMO_LOGINS, DEMO_PASSWORD, api, tokenFor } from "../../support/fixtures";
import type { Sample } from "./types";

const newPassword = {
  current_password: DEMO_PASSWORD,
  password: "Contract#Pass1",
  password_confirmation: "Contract#Pass1",
};

export const sessionSamples: Record<string, Sample> = {
  "POST logout": { path: () => "logout" },
  "GET me": { path: () => "me" },
  "POST change_password": {
    path: () => "change_password",
    body: () => newPassword,
    // It revokes the user's other tokens: a user none of the other samples signs in as, with a token of its own.
    valid: async () => {
      const token = await tokenFor(DEMO_LOGINS["FRANCHISEE ADMIN"]);
      const r = await api("POST", "change_password", { token, body: newPassword });
      expect(r.status, JSON.stringify(r.json)).toBe(200);
      expect(r.json).toEqual({ message: "Your password has been changed successfully" });
    },
  },
  "POST user_timestamps": {
    path: () => "user_timestamps",
    body: () => ({ from_path: "/home", from_name: "Home", timespent: 12 }),
  },
};
