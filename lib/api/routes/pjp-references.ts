import "server-only";
import { z } from "zod";
import { pjpMasters, pjpMastersOutput, REFERENCE_MASTERS_PERMISSIONS } from "@/lib/operations/pjp-masters";
import { pjpReferencesCrud } from "@/lib/operations/pjp-references";
import { crudRoutes } from "../entity-routes";
import type { ApiRoute } from "../types";

/** PJP references (spec 001 §7): masters, the list (user_id filter) and its export, one reference, save, delete. */
export const pjpReferencesRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "pjp_references/masters",
    auth: "user",
    permission: null,
    variants: REFERENCE_MASTERS_PERMISSIONS,
    shape: "data",
    tag: "Pjp Reference",
    summary:
      "The users (live, active, role USER) and outlets (live, active) of the acting company for the reference form",
    output: z.object({ data: pjpMastersOutput }),
    handler: async ({ ctx }) => ({ data: await pjpMasters(ctx, { forReferences: true }) }),
  },
  // No restore: references have no trash view (spec 001 §4).
  ...crudRoutes(pjpReferencesCrud, ["list", "export", "get", "upsert", "delete"]),
];
