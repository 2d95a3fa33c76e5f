import "server-only";
import { outletsCrud } from "@/lib/operations/outlets";
import { crudRoutes } from "../entity-routes";

/** Outlets (spec 001 §7): list, export, create, one, update, delete and restore. */
export const outletsRoutes = crudRoutes(outletsCrud);
