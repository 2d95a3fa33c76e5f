import "server-only";
import { stateGstsCrud } from "@/lib/operations/state-gsts";
import { crudRoutes } from "../entity-routes";

/** State GSTs (spec 001 §7): list, export, create, one, update, delete and restore. */
export const stateGstsRoutes = crudRoutes(stateGstsCrud);
