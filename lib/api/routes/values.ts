import "server-only";
import { valuesCrud } from "@/lib/operations/values";
import { crudRoutes } from "../entity-routes";

/** Values, the masters (spec 001 §7): list, create, one, update; no delete. */
export const valuesRoutes = crudRoutes(valuesCrud, ["list", "create", "get", "update"]);
