import "server-only";
import { z } from "zod";
import { recordUserTimestamp, userTimestampSchema } from "@/lib/admin/user-timestamps";
import { getMe, meSchema } from "@/lib/admin/me";
import { recordAccountEvent } from "@/lib/platform/account-events";
import { issueApiToken, revokeApiToken } from "@/lib/platform/api-tokens";
import { clientAddressOf } from "@/lib/platform/client-address";
import { idempotencyKeyOf } from "@/lib/platform/idempotency";
import { checkCredentials, loginSchema } from "@/lib/platform/login";
import { codeSchema, emailSchema, forgotPasswordStep, resetSchema } from "@/lib/platform/password-reset";
import type { ApiRoute } from "../types";

const message = z.object({ message: z.string() });

/** Session calls (spec 000 §7): login, logout, me, page time, password recovery. */
export const sessionRoutes: ApiRoute[] = [
  // Session (spec 000 §7)
  {
    method: "POST",
    path: "login",
    tag: "Session",
    auth: "public",
    shape: "token",
    summary: "Sign in: answers a bearer token",
    input: loginSchema.extend({
      is_web: z
        .union([z.boolean(), z.literal(0), z.literal(1), z.enum(["true", "false", "0", "1"])])
        .optional()
        .describe("true (or 1): sign in as a portal user (portal roles only); false or absent: an app user."),
    }),
    output: z.object({
      token: z.string().describe("Send as `Authorization: Bearer <token>`."),
    }),
    async handler({ body, request }) {
      const isWeb =
        body.is_web === true || body.is_web === "true" || body.is_web === 1 || body.is_web === "1";
      const { userId } = await checkCredentials(body, "api", isWeb, clientAddressOf(request.headers));
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
    summary: "Sign out: revokes the bearer token of the call",
    // No body: the token to revoke is the call's own Authorization header.
    output: message,
    async handler({ ctx, request }) {
      await revokeApiToken(bearerOf(request));
      await recordAccountEvent(ctx.userId, "logout", {
        via: "api",
        address: clientAddressOf(request.headers),
      });
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
    summary: "The signed-in user: profile, role, position, permissions and the companies they may act for",
    output: z.object({ data: meSchema }),
    handler: async ({ ctx }) => ({ data: await getMe(ctx) }),
  },
  {
    method: "POST",
    path: "user_timestamps",
    tag: "User Timestamp",
    auth: "user",
    permission: null,
    shape: "data",
    summary:
      "Record the caller's time on a page (at most 2 KB), or the spec's after-save call: old_json and new_json of a saved record (at most 8 KB together, 413 beyond), stored on the caller's own timestamps as client-reported; the server's own history stays the authority",
    input: userTimestampSchema,
    output: z.object({ data: z.object({ id: z.number().int() }) }),
    idempotent: true,
    handler: async ({ ctx, body, request }) => ({
      data: await recordUserTimestamp(ctx, body, {
        idempotencyKey: idempotencyKeyOf(request.headers.get("idempotency-key")),
      }),
    }),
  },
  {
    method: "POST",
    path: "forgot_password",
    tag: "Session",
    auth: "public",
    shape: "message",
    summary:
      "Password recovery in three steps, told apart by the fields sent: email (mail a code), + otp (check it), + password and soft_password (set it)",
    // The same schemas the three steps parse with, the fullest first (forgotPasswordStep picks by the fields sent).
    input: z.union([
      resetSchema.describe("Step 3: set the new password (ends every session and token of the account)."),
      codeSchema.describe("Step 2: check the mailed code."),
      emailSchema.describe(
        "Step 1: mail a 10-digit code (the same answer whether or not the account exists).",
      ),
    ]),
    output: message,
    handler: async ({ body, request }) => forgotPasswordStep(body, clientAddressOf(request.headers)),
  },
];

function bearerOf(request: Request): string {
  return (request.headers.get("authorization") ?? "").replace(/^Bearer\s+/i, "");
}
