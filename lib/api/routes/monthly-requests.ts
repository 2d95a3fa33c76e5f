import "server-only";
import { z } from "zod";
import {
  franchiseeStep,
  MONTHLY_MESSAGES,
  monthlyRequestsCrud,
  monthlyStepOf,
  requestShapes,
  statusStep,
} from "@/lib/jobs/monthly-requests";
import type { List, Selection } from "@/lib/platform/list";
import { listAnswer, listRowSchema, recordSchema } from "@/lib/platform/row-schema";
import { sharedApprovalRoutes } from "../approval-routes";
import { crudRoutes, entityRoute } from "../entity-routes";
import { idParam } from "../params";
import type { ApiCall, ApiRoute } from "../types";

const crud = monthlyRequestsCrud;
const name = crud.def.name;

/**
 * PATCH user_monthly_job_requests/:id: the edit form, or zone_id alone (the list's inline zone, spec 002 §7), which
 * answers the spec's 'Zone updated successfully'; any other save 'Request updated successfully.'.
 */
function patchRoute(): ApiRoute {
  const row = entityRoute("PATCH", `${name}/:id`, crud.update);
  return {
    ...row,
    output: z.object({ data: recordSchema(crud.def), message: z.string() }),
    summary: "Update a user monthly job request (the form, or zone_id alone for the inline zone change)",
    handler: async ({ ctx, params, body }: ApiCall) => {
      const data = await crud.update(ctx, { ...body, id: idParam(params.id) });
      const zoneOnly =
        Object.keys(body)
          .filter((k) => k !== "id")
          .join() === "zone_id";
      return { data, message: zoneOnly ? MONTHLY_MESSAGES.zoneUpdated : crud.def.messages.updated };
    },
  } as ApiRoute;
}

/**
 * Monthly job requests (spec 002 §7): list (status, franchisee_id, user_id, month, year, zone_id, is_active,
 * search_keyword, show_deleted), user_monthly_job_request_exports, POST (a customer's own request from the app, or
 * staff's), GET and PATCH :id, delete and restore of the request itself (the spec's client called the franchisee
 * career requests' paths, which keep answering for those), approve and reject (by who asks: the franchisee's admin
 * decides the franchisee approval, an admin the status).
 */
export const monthlyRequestsRoutes: ApiRoute[] = [
  {
    ...entityRoute("GET", name, crud.list),
    // Spec 002 §3's shapes besides the flat fields: user {user_name}, user_address {address, lat, long}, and each
    // pet's user_pet {name, breed {description}, weight, age}.
    output: listAnswer(listRowSchema(crud.def.list as unknown as List<Selection>).extend(requestShapes)),
  } as ApiRoute,
  ...crudRoutes(crud, ["export", "create", "get"]),
  patchRoute(),
  ...crudRoutes(crud, ["delete", "restore"]),
  // The workflow's two steps share approve/reject: a franchisee admin's call is the franchisee approval, an admin's
  // the status (lib/jobs/monthly-requests.ts franchiseeStep, statusStep).
  ...sharedApprovalRoutes([franchiseeStep, statusStep], monthlyStepOf),
];
