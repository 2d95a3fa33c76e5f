import "server-only";
import { z } from "zod";
import {
  customerWalkRequestsCrud,
  customerWalkRequestsDef,
  walkRequestApproval,
  walkRequestDetails,
  walkRequestStatistics,
  walkRequestStatisticsSchema,
} from "@/lib/jobs/customer-walk-requests";
import { apiRecord, apiRecordSchema } from "@/lib/platform/row-schema";
import { approvalRoutes } from "../approval-routes";
import { crudRoutes, entityRoute } from "../entity-routes";
import { idParam } from "../params";
import type { ApiRoute } from "../types";
import { walkRequestPolicyRoutes } from "./walk-request-policy";

const def = customerWalkRequestsDef;
const tag = def.noun;

const rescheduleInfo = z.object({
  reschedules_used: z.number().int(),
  current_quota: z.number().int(),
  remaining: z.number().int(),
});

/**
 * Customer walk requests (spec 002 §7): list (search_keyword, request_type, status, refund_eligibility, from_date,
 * to_date), export, POST (a customer's request from the app), statistics (the four cards), one with its reschedule
 * quota, approve, reject, delete (POST clear/:id, the spec's path) and restore; then the walk request policy's.
 */
export const customerWalkRequestsRoutes: ApiRoute[] = [
  // The records in spec 002 §3's shape (the entity's apiShape).
  ...crudRoutes(customerWalkRequestsCrud, ["list", "export", "create"]),
  {
    method: "GET",
    path: "customer_walk_requests/statistics",
    auth: "user",
    permission: def.permission("list"),
    shape: "data",
    tag,
    summary:
      "The list's four cards over the caller's scope: total, pending, approved requests, and total refunds (refund-eligible requests not rejected)",
    query: z.object({}),
    output: z.object({ data: walkRequestStatisticsSchema }),
    handler: async ({ ctx }) => ({ data: await walkRequestStatistics(ctx) }),
  },
  {
    method: "GET",
    path: "customer_walk_requests/:id",
    auth: "user",
    permission: def.permission("view"),
    owned: "id",
    shape: "data",
    tag,
    summary:
      "One request (user, walk with its daily plan and pets, processed_by_user) and the reschedule quota of its walk's monthly request",
    output: z.object({ data: apiRecordSchema(def), reschedule_info: rescheduleInfo }),
    handler: async ({ ctx, params }) => {
      const { data, reschedule_info } = await walkRequestDetails(ctx, idParam(params.id));
      return { data: apiRecord(def, data), reschedule_info };
    },
  },
  ...approvalRoutes(walkRequestApproval),
  {
    ...entityRoute("POST", "customer_walk_requests/clear/:id", customerWalkRequestsCrud.delete, {
      summary: "Delete a customer walk request (a pending reschedule's walk goes back to Pending)",
    }),
    // The spec's delete path (clear, not delete): it reads no body, as delete/:id does.
    input: z.object({}),
  },
  entityRoute("POST", "customer_walk_requests/restore/:id", customerWalkRequestsCrud.restore),
  ...walkRequestPolicyRoutes,
];
