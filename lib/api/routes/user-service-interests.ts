import "server-only";
import { userServiceInterestsCrud } from "@/lib/franchise/user-service-interests";
import { crudRoutes, entityRoute } from "../entity-routes";
import type { ApiRoute } from "../types";

/**
 * Service interests (spec 002 §7): GET user_service_interests, GET user_service_interest_exports, POST
 * user_service_interests (the app's user), GET and PATCH user_service_interests/{id}, POST
 * user_service_interests/delete/{id} and restore/{id}; the spec's dashed restore path answers too.
 */
export const userServiceInterestsRoutes: ApiRoute[] = [
  ...crudRoutes(userServiceInterestsCrud, undefined, { exportPath: "user_service_interest_exports" }),
  entityRoute("POST", "user-service-interests/restore/:id", userServiceInterestsCrud.restore, {
    summary: "Restore a service interest (the spec's dashed path)",
  }),
];
