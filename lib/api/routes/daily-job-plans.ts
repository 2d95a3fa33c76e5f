import "server-only";
import { dailyJobPlansCrud, planSpecSchema, walkSchema } from "@/lib/jobs/daily-job-plans";
import { calendarAnswerSchema, calendarQuerySchema, walkCalendar } from "@/lib/jobs/walk-calendar";
import type { List, Selection } from "@/lib/platform/list";
import { listAnswer, listRowSchema } from "@/lib/platform/row-schema";
import { z } from "zod";
import { crudRoutes, entityRoute } from "../entity-routes";
import type { ApiRoute } from "../types";

const list = dailyJobPlansCrud.def.list as unknown as List<Selection>;

/**
 * Daily job plans (spec 002 §7): the list (user_monthly_job_request_id, date or from_date/to_date, walker_id,
 * franchisee_id, status, is_active, search_keyword) with each plan's walks, daily_job_plan_exports, POST (a plan made
 * by hand, with its walks), GET and PATCH :id, delete and restore. The spec's client restores through
 * /daycare-career-requests/restore/:id, which keeps answering for daycare career requests; plans restore here.
 * GET walk_calendar: a month's or a week's walks per day, with leave and uncovered walks (beyond the spec).
 */
export const dailyJobPlansRoutes: ApiRoute[] = [
  {
    ...entityRoute("GET", "daily_job_plans", dailyJobPlansCrud.list),
    summary:
      "List daily job plans (each with its walks: the Walks sub-table, with each completed walk's report card); the spec's walker {user_name}, user_pet, user_pet_2 and daily_job_plan_walks beside",
    output: listAnswer(
      listRowSchema(list).extend({
        walks: z.array(walkSchema),
        daily_job_plan_walks: z.array(walkSchema).describe("The walks again, by the spec's name."),
        ...planSpecSchema,
      }),
    ),
  },
  ...crudRoutes(dailyJobPlansCrud, ["export", "create", "get", "update", "delete", "restore"]),
  {
    method: "GET",
    path: "walk_calendar",
    auth: "user",
    permission: null,
    variants: ["daily_job_plans.list", "walks.list"],
    shape: "data",
    tag: "Daily Job Plan",
    summary:
      "The walk calendar: walks per day (walks, completed, uncovered) and approved leave of a month or a range of up to 42 days, for a franchisee or one walker; a range of up to 7 days lists each day's walks. An app user (a walker, walks.list) gets their own (another walker_id: 404)",
    query: calendarQuerySchema,
    output: calendarAnswerSchema,
    handler: async ({ ctx, query }) => ({ data: await walkCalendar(ctx, query) }),
  },
];
