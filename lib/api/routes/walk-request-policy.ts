import "server-only";
import { z } from "zod";
import { readWalkPolicy, saveWalkPolicy, walkPolicyAnswer, walkPolicySchema } from "@/lib/jobs/walk-policy";
import { AppError } from "@/lib/platform/errors";
import { etagOf, parseIfMatch, StaleVersion } from "@/lib/platform/versions";
import { setResponseHeaders } from "../response-headers";
import type { ApiRoute } from "../types";

/** The walk request policy (spec 002 §7): GET and PUT walk_request_policy. */
export const walkRequestPolicyRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "walk_request_policy",
    auth: "user",
    permission: "walk_request_policies.view",
    shape: "data",
    tag: "Walk Request Policy",
    summary:
      "The company's walk request policy: reschedule quota and refund tiers (the default until one is saved)",
    output: z.object({ data: walkPolicyAnswer }),
    handler: async ({ ctx }) => ({ data: await readWalkPolicy(ctx) }),
  },
  {
    method: "PUT",
    path: "walk_request_policy",
    auth: "user",
    permission: "walk_request_policies.update",
    shape: "data",
    tag: "Walk Request Policy",
    summary:
      "Save the company's walk request policy: reschedule_quota 0-31, refund_tiers [{ min_hours, refund_percent }] (at least one, distinct min_hours; saved highest first)",
    input: walkPolicySchema,
    output: z.object({ message: z.string(), data: walkPolicyAnswer }),
    versioned: "if-match",
    // If-Match: the updated_at read (none while the default stands); a policy saved since answers 412.
    async handler({ ctx, body, request }) {
      const version = parseIfMatch(request.headers.get("if-match"));
      try {
        const data = await saveWalkPolicy(ctx, body, { version });
        const etag = etagOf(data);
        if (etag) setResponseHeaders(request, { etag });
        return { message: "Walk request policy saved successfully.", data };
      } catch (e) {
        if (e instanceof StaleVersion && version) throw new AppError(412, e.message);
        throw e;
      }
    },
  },
];
