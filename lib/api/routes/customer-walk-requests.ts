import "server-only";
import { z } from "zod";
import {
  customerWalkRequestsCrud,
  customerWalkRequestsDef,
  specShape,
  walkRequestApproval,
  walkRequestDetails,
  walkRequestRecord,
  walkRequestSpecFields,
  walkRequestStatistics,
  walkRequestStatisticsSchema,
} from "@/lib/jobs/customer-walk-requests";
import type { List, Selection } from "@/lib/platform/list";
import { listAnswer, listRowSchema } from "@/lib/platform/row-schema";
import { approvalRoutes } from "../approval-routes";
import { crudRoutes, entityRoute } from "../entity-routes";
import { idParam } from "../params";
import type { ApiCall, ApiRoute } from "../types";
import { walkRequestPolicyRoutes } from "./walk-request-policy";

const def = customerWalkRequestsDef;
const tag = def.noun;

/** A record's answer in spec 002 §3's shape (the list's rows are so already). */
const shapeData = async (p: Promise<unknown>) => {
  const r = (await p) as { data: Record<string, unknown> };
  return { ...r, data: specShape(r.data) };
};
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
const [listRow, exportRow, createRow] = crudRoutes(customerWalkRequestsCrud, ["list", "export", "create"]);

export const customerWalkRequestsRoutes: ApiRoute[] = [
  {
    ...listRow,
    output: listAnswer(listRowSchema(def.list as unknown as List<Selection>).extend(walkRequestSpecFields)),
  },
  exportRow,
  {
    ...createRow,
    output: z.object({ data: walkRequestRecord }),
    handler: (call: ApiCall) => shapeData(createRow.handler(call as never)),
  } as ApiRoute,
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
    output: z.object({ data: walkRequestRecord, reschedule_info: rescheduleInfo }),
    handler: ({ ctx, params }) => shapeData(walkRequestDetails(ctx, idParam(params.id))),
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
