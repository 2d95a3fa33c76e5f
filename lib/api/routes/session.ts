import "server-only";
import { recordUserTimestamp } from "@/lib/admin/user-timestamps";
import { getMe } from "@/lib/admin/me";
import { issueApiToken, revokeApiToken } from "@/lib/platform/api-tokens";
import { checkCredentials } from "@/lib/platform/login";
import { forgotPasswordStep } from "@/lib/platform/password-reset";
import type { ApiRoute } from "../types";

/** Session calls (spec 000 §7): login, logout, me, page time, password recovery. */
export const sessionRoutes: ApiRoute[] = [
  // Session (spec 000 §7)
  {
    method: "POST",
    path: "login",
    tag: "Session",
    auth: "public",
    shape: "token",
    async handler({ body }) {
      const isWeb =
        body.is_web === true || body.is_web === "true" || body.is_web === 1 || body.is_web === "1";
      const { userId } = await checkCredentials(body, "api", isWeb);
      return { token: await issueApiToken(userId) };
    },
  },
  {
    method: "POST",
    path: "logout",
    tag: "Session",
    auth: "user",
    permission: null,
    shape: "message",
    async handler({ request }) {
      await revokeApiToken(bearerOf(request));
      return { message: "Logged out." };
    },
  },
  {
    method: "GET",
    path: "me",
    tag: "Session",
    auth: "user",
    permission: null,
    shape: "data",
    handler: async ({ ctx }) => ({ data: await getMe(ctx) }),
  },
  {
    method: "POST",
    path: "user_timestamps",
    tag: "User Timestamp",
    auth: "user",
    permission: null,
    shape: "data",
    handler: async ({ ctx, body }) => ({ data: await recordUserTimestamp(ctx, body) }),
  },
  {
    method: "POST",
    path: "forgot_password",
    tag: "Session",
    auth: "public",
    shape: "message",
    handler: async ({ body }) => forgotPasswordStep(body),
  },
];

function bearerOf(request: Request): string {
  return (request.headers.get("authorization") ?? "").replace(/^Bearer\s+/i, "");
}
