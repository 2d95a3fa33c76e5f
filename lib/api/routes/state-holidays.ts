import "server-only";
import { z } from "zod";
import { stateHolidaysCrud } from "@/lib/operations/state-holidays";
import { crudRoutes } from "../entity-routes";
import type { ApiRoute } from "../types";

const ignored = z
  .string()
  .optional()
  .describe("Sent by the earlier client (a plan screen's filter); ignored.");

/**
 * State holidays (spec 001 §7): list, export (state_holiday_exports: the earlier client called plan_exports,
 * which belongs to plans), create, one, update, delete and restore.
 */
export const stateHolidaysRoutes: ApiRoute[] = crudRoutes(stateHolidaysCrud).map((r) =>
  r.method === "GET" && r.path === "state_holidays" && r.query instanceof z.ZodObject
    ? { ...r, query: r.query.extend({ no_of_dogs: ignored, no_of_walks: ignored, tier: ignored }) }
    : r,
);
