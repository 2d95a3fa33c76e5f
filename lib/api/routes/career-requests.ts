import "server-only";
import { z } from "zod";
import {
  myCareerRequests,
  myCareerRequestSchema,
  requestByShape,
  withRequestBy,
} from "@/lib/franchise/career-requests";
import { daycareCareerRequest } from "@/lib/franchise/daycare-career-requests";
import { franchiseeCareerRequest } from "@/lib/franchise/franchisee-career-requests";
import { petTrainerCareerRequest } from "@/lib/franchise/pet-trainer-career-requests";
import { petWalkieCareerRequest } from "@/lib/franchise/pet-walkie-career-requests";
import type { Approval } from "@/lib/platform/approval";
import { approvalRoutes } from "../approval-routes";
import { crudRoutes, entityRoute } from "../entity-routes";
import { reshapeRoute } from "../reshape";
import type { ApiRoute } from "../types";

type Career = { crud: Parameters<typeof crudRoutes>[0]; approval: Approval };

/**
 * One career request's rows (spec 002 §7 Career requests): list, <singular>_exports, POST (an application from the
 * mobile app), GET and PATCH :id (the review), delete and restore under the underscore name; the dashed forms the
 * spec's client calls (`dashed`); approve and reject from pending (the list's buttons).
 */
function careerRoutes(
  c: Career,
  o: { exportPath: string; dashed: readonly ("delete" | "restore")[] },
): ApiRoute[] {
  const name = c.crud.def.name;
  const dash = name.replace(/_/g, "-");
  const noun = c.crud.def.noun.toLowerCase();
  const rows: ApiRoute[] = [
    ...crudRoutes(c.crud, undefined, { exportPath: o.exportPath }),
    ...o.dashed.map((op) =>
      entityRoute("POST", `${dash}/${op}/:id`, c.crud[op], {
        summary: `${op === "delete" ? "Delete" : "Restore"} a ${noun} (the dashed path the spec's client calls)`,
      }),
    ),
    // Approve and reject from pending, as the workflow declares them (lib/platform/approval.ts).
    ...approvalRoutes(c.approval),
  ];
  // The spec's request_by.user_name (002 §3) on every answered record; the plain id stays as request_by_id.
  return rows.map((r) => reshapeRoute(r, withRequestBy, requestByShape));
}

/** Walker, trainer, franchisee and daycare career requests; the applicant's own applications. */
export const careerRequestsRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "my_career_requests",
    auth: "user",
    // Any signed-in user: the answer holds only the caller's own applications (request_by = the caller).
    permission: null,
    shape: "data",
    tag: "Apps",
    summary:
      "The caller's own career applications of every kind (walker, trainer, franchisee, daycare) in the acting company, newest first, with status, rejection reason and what each became",
    query: z.object({}),
    output: z.object({ data: z.array(myCareerRequestSchema) }),
    handler: async ({ ctx }) => ({ data: await myCareerRequests(ctx) }),
  },
  ...careerRoutes(petWalkieCareerRequest, {
    exportPath: "pet_walkie_career_request_exports",
    dashed: ["delete", "restore"],
  }),
  ...careerRoutes(petTrainerCareerRequest, {
    exportPath: "pet_trainer_career_request_exports",
    dashed: ["delete", "restore"],
  }),
  ...careerRoutes(franchiseeCareerRequest, {
    exportPath: "franchisee_career_request_exports",
    dashed: ["delete", "restore"],
  }),
  // §7: delete under the underscore name, restore under the dashed one.
  ...careerRoutes(daycareCareerRequest, {
    exportPath: "daycare_career_request_exports",
    dashed: ["restore"],
  }),
];
