import "server-only";
import {
  interestUserShape,
  userServiceInterestsCrud,
  withInterestUser,
} from "@/lib/franchise/user-service-interests";
import { crudRoutes, entityRoute } from "../entity-routes";
import { reshapeRoute } from "../reshape";
import type { ApiRoute } from "../types";

/**
 * Service interests (spec 002 §7): GET user_service_interests, GET user_service_interest_exports, POST
 * user_service_interests (the app's user), GET and PATCH user_service_interests/{id}, POST
 * user_service_interests/delete/{id} and restore/{id}; the spec's dashed restore path answers too. Records carry
 * the spec's user.user_name.
 */
export const userServiceInterestsRoutes: ApiRoute[] = [
  ...crudRoutes(userServiceInterestsCrud, undefined, { exportPath: "user_service_interest_exports" }).map(
    (r) => reshapeRoute(r, withInterestUser, interestUserShape),
  ),
  entityRoute("POST", "user-service-interests/restore/:id", userServiceInterestsCrud.restore, {
    summary: "Restore a service interest (the spec's dashed path)",
  }),
];
