import "server-only";
import { z } from "zod";
import { changeOwnPassword, changePasswordSchema } from "@/lib/admin/me";
import { clientAddressOf } from "@/lib/platform/client-address";
import type { ApiRoute } from "../types";

/** The caller's own account beyond the spec's calls (issue 7): changing one's own password. */
export const profileRoutes: ApiRoute[] = [
  {
    method: "POST",
    path: "change_password",
    tag: "Session",
    auth: "user",
    permission: null,
    shape: "message",
    summary:
      "Change the caller's own password: ends every browser session and revokes every other bearer token of the user (the calling token stays valid); a wrong current password counts towards the lockout",
    input: changePasswordSchema,
    output: z.object({ message: z.string() }),
    handler: async ({ ctx, body, request }) =>
      changeOwnPassword(ctx, body, {
        address: clientAddressOf(request.headers),
        // Called with the portal's session cookie instead, that session ends with the others.
        keepToken: ctx.via === "token" ? bearerOf(request) : undefined,
        via: "api",
      }),
  },
];

function bearerOf(request: Request): string {
  return (request.headers.get("authorization") ?? "").replace(/^Bearer\s+/i, "").trim();
}
