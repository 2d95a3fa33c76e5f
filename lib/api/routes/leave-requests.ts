import "server-only";
import { z } from "zod";
import {
  leaveApproval,
  LEAVE_MESSAGES,
  leaveAvailableStaff,
  staffPageOf,
  staffPageQuery,
  leaveRequestsCrud,
  reassignLeaveWalk,
  reassignSchema,
} from "@/lib/jobs/leave-requests";
import { staffMemberSchema } from "@/lib/jobs/leave-replacement";
import { recordSchema } from "@/lib/platform/row-schema";
import { approvalRoutes } from "../approval-routes";
import { crudRoutes } from "../entity-routes";
import { idParam } from "../params";
import type { ApiRoute } from "../types";

const def = leaveRequestsCrud.def;
const tag = def.noun;

const staffAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.array(staffMemberSchema),
});
const leaveAnswer = z.object({ success: z.literal(true), message: z.string(), data: recordSchema(def) });

/** GET of the available staff: for the leave, or (with `:walkId`) one walk of an approved leave. */
const staffRoute = (path: string, summary: string): ApiRoute => ({
  method: "GET",
  path,
  auth: "user",
  permission: "leave_requests.approve",
  owned: "id",
  shape: "data",
  tag,
  summary,
  output: staffAnswer,
  query: staffPageQuery,
  handler: async ({ ctx, params, query }) => ({
    success: true,
    message: LEAVE_MESSAGES.staffLoaded,
    data: await leaveAvailableStaff(
      ctx,
      idParam(params.id),
      params.walkId ? idParam(params.walkId) : undefined,
      staffPageOf(query),
    ),
  }),
});

/**
 * Leave requests (spec 002 §7): list, leave_request_exports, POST (a walker's own leave from the app, or an admin's
 * for a walker), GET and PATCH :id (id, status, leave_type: a status of 1 approves without a replacement, 2
 * rejects), delete and restore under leave_requests/ (the spec's client restores through
 * /daycare-career-requests/restore, which keeps answering for daycare career requests); the replacement modal's
 * available-staff and approve-with-replacement; beyond the spec, reject and the reassign dialog's per-walk calls.
 */
export const leaveRequestsRoutes: ApiRoute[] = [
  ...crudRoutes(leaveRequestsCrud),
  staffRoute(
    "leave_requests/:id/available-staff",
    "Staff who may replace the walker: the franchisee's active walkers with no walk and no approved leave overlapping the leave, ranked (same zone, walked these pets before, fewest walks that day, name)",
  ),
  // Approve with a replacement and reject: derived from the workflow's declaration.
  ...approvalRoutes(leaveApproval),
  staffRoute(
    "leave_requests/:id/walks/:walkId/available-staff",
    "Staff who may take one walk of an approved leave (that walk's time), ranked as available-staff",
  ),
  {
    method: "POST",
    path: "leave_requests/:id/walks/:walkId/reassign",
    auth: "user",
    permission: "leave_requests.approve",
    owned: "id",
    shape: "data",
    tag,
    summary:
      "Give one not-started walk of an approved leave to another available staff member, or to none (null: back to the walker on leave, uncovered)",
    input: reassignSchema,
    output: leaveAnswer,
    handler: async ({ ctx, params, body }) => ({
      success: true,
      message: LEAVE_MESSAGES.reassigned,
      data: await reassignLeaveWalk(ctx, idParam(params.id), body, idParam(params.walkId)),
    }),
  },
];
