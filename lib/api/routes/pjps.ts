import "server-only";
import { z } from "zod";
import {
  copyMessage,
  copyPjpFromPreviousMonth,
  copyPjpFromReferences,
  copyPjpSchema,
} from "@/lib/operations/pjp-copy";
import {
  PJP_MASTERS_PERMISSIONS,
  pjpMasters,
  pjpMastersOutput,
  REFERENCE_MASTERS_PERMISSIONS,
} from "@/lib/operations/pjp-masters";
import { pjpsCrud } from "@/lib/operations/pjps";
import { crudRoutes } from "../entity-routes";
import type { ApiRoute } from "../types";

const copyOutput = z.object({
  message: z.string().describe('"N PJPs created, M skipped"'),
  data: z.object({
    created: z.number().int().describe("PJPs made by this call."),
    skipped: z
      .number()
      .int()
      .describe(
        "Planned PJPs not made: already there (same user, date and name), no such day in the month, or no live outlet left.",
      ),
  }),
});

const copyRoute = (
  path: string,
  summary: string,
  run: (
    ctx: Parameters<typeof copyPjpFromReferences>[0],
    body: unknown,
  ) => ReturnType<typeof copyPjpFromReferences>,
): ApiRoute => ({
  method: "POST",
  path,
  auth: "user",
  permission: "pjps.copy",
  shape: "message",
  tag: "Pjp",
  summary,
  input: copyPjpSchema,
  output: copyOutput,
  async handler({ ctx, body }) {
    const data = await run(ctx, body);
    return { message: copyMessage(data), data };
  },
});

/** PJPs (spec 001 §7): masters, the list and its export, one PJP, save (create or update by id), delete, restore, copies. */
export const pjpsRoutes: ApiRoute[] = [
  {
    method: "GET",
    path: "pjps/masters",
    auth: "user",
    permission: null,
    variants: [...PJP_MASTERS_PERMISSIONS, ...REFERENCE_MASTERS_PERMISSIONS],
    shape: "data",
    tag: "Pjp",
    summary:
      "The users (live, active, role USER) and outlets (live, active) of the acting company for the PJP screens; requirements=pjp_references serves the reference screens",
    query: z.object({
      requirements: z
        .enum(["pjp_references"])
        .optional()
        .describe(
          "pjp_references: for a PJP reference screen (its permissions instead of the PJP screens').",
        ),
    }),
    output: z.object({ data: pjpMastersOutput }),
    handler: async ({ ctx, query }) => ({
      data: await pjpMasters(ctx, { forReferences: query.get("requirements") === "pjp_references" }),
    }),
  },
  ...crudRoutes(pjpsCrud, ["list", "export", "get", "upsert", "delete", "restore"]),
  copyRoute(
    "pjps/copy_pjp_from_reference",
    "Makes the user's PJPs of month_year from their live, active PJP references (each reference's day, on weeks of its ISO week parity); idempotent",
    copyPjpFromReferences,
  ),
  copyRoute(
    "pjps/copy_pjp_from_prev_month",
    "Copies the user's PJPs of the month before month_year into month_year, each on the same weekday of the same week (n-th occurrence); idempotent",
    copyPjpFromPreviousMonth,
  ),
];
